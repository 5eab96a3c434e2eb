#pragma once
// Paths as the commands that read many files take them (`archive import`, `verify`): a folder
// stands for the files directly in it whose names end in one of the given suffixes — a lobby's
// `lobby.db.logs/`, a download folder — in name order, so that what they hold is numbered and
// reported the same on every run. Subfolders are not entered; other paths pass as they are.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace parley::cli {

// A folder holding none of those files is said on standard error ("DIR: a folder with no
// <kinds> in it") and sets `empty_folder`; a folder that cannot be listed passes as a path, so
// that reading it says why.
std::vector<std::string> expand_folders(const std::vector<std::string>& paths, std::span<const std::string_view> suffixes,
                                        std::string_view kinds, bool& empty_folder);

}  // namespace parley::cli
