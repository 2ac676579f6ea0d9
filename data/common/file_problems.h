#pragma once

// Why a user's file could not be read or written, in words that say what to do about it,
// instead of the system's bare "No such file or directory" or "Is a directory".

#include <QString>
#include <string>
#include <system_error>

namespace crossgrade::data {

// "cannot read the file: …" for `error` (from stat or open), with what to do: check the path,
// name the file inside the folder, fix its permissions. `expected` names the file wanted,
// e.g. "an audit JSON file".
std::string readFailure(const std::error_code& error, std::string_view expected);

// "cannot write PATH: …" with what to do: create the missing folder, give a file name rather
// than a folder, or choose a folder one may write to. `systemReason` (e.g. QSaveFile's
// errorString()) is the fallback when nothing more precise can be said.
std::string writeFailure(const QString& path, const QString& systemReason);

} // namespace crossgrade::data
