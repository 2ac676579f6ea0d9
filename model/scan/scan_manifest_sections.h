#pragma once

// Which lines of a Python manifest declare optional dependencies (issue 27): a package a user
// installs only when asking for an extra, a dependency group or a dev/test requirements file is
// not in the default install, so it weighs less than one the project always needs (docs/
// scanner.md, "Optional extras"). Read by the matcher for D2.manifest-packages. Internal to
// model/ (the scanner).

#include <string_view>
#include <vector>

namespace crossgrade::model {

// How a package finding on such a line says so, ahead of its ROCm path.
inline constexpr std::string_view kOptionalExtraNote = "optional extra, not in the default install";

// One flag per line of `text` (0-based; a final line without '\n' counts): true where the line
// lies in an optional-dependency declaration of the manifest named `fileName` (its base name):
// - pyproject.toml: [project.optional-dependencies] and its sub-tables, `optional-dependencies`
//   keys of [project], [dependency-groups], [tool.poetry.group.*], [tool.poetry.extras],
//   [tool.pdm.dev-dependencies], [tool.uv] dev-dependencies and [tool.hatch.envs.*];
// - setup.py: an `extras_require=` argument, and a value assigned to a name holding "extras"
//   (`extras["dev"] = [...]`, `EXTRAS = {...}`), to where its brackets close;
// - a requirements file whose name says it is for development, tests, docs, lint or extras
//   (requirements-dev.txt, dev-requirements.txt, requirements/test.txt): every line.
std::vector<bool> optionalDependencyLines(std::string_view fileName, std::string_view text);

} // namespace crossgrade::model
