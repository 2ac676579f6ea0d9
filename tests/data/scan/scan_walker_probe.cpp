// Helper of tst_scan_walker: scans one folder and prints what it could not scan, one
// "path<TAB>reason" line each, then "files <N>". The test runs it as an unprivileged user
// (setpriv), because tests run as root and root reads any file.

#include "scan_walker.h"

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FOLDER\n", argv[0]);
        return 2;
    }
    const crossgrade::data::ScanRun run = crossgrade::data::scanRepositories({argv[1]});
    for (const std::string& e : run.errors)
        std::printf("error\t%s\n", e.c_str());
    for (const auto& repo : run.repositories) {
        for (const auto& s : repo.not_scanned)
            std::printf("%s\t%s\n", s.path.c_str(), s.reason.c_str());
        std::printf("files %zu\n", repo.files_scanned);
    }
    return 0;
}
