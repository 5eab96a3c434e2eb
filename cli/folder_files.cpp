#include "cli/folder_files.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>

namespace parley::cli {

std::vector<std::string> expand_folders(const std::vector<std::string>& paths, std::span<const std::string_view> suffixes,
                                        std::string_view kinds, bool& empty_folder) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> inside;
    for (std::filesystem::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      std::error_code not_a_file;
      if (it->is_regular_file(not_a_file) &&
          std::ranges::any_of(suffixes, [&](std::string_view suffix) { return name.ends_with(suffix); }))
        inside.push_back(it->path().string());
    }
    if (ec) {
      files.push_back(path);
      continue;
    }
    if (inside.empty()) {
      fmt::print(stderr, "{}: a folder with no {} in it\n", path, kinds);
      empty_folder = true;
    }
    std::ranges::sort(inside);
    files.insert(files.end(), inside.begin(), inside.end());
  }
  return files;
}

}  // namespace parley::cli
