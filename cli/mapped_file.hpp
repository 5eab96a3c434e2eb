#pragma once
// A read-only view of a whole file. Regular files are memory-mapped, so a multi-gigabyte PGN
// costs address space, not heap; pipes and other streams are read into memory up to a bound.
// A gzip file is read as its contents (inflated into memory, up to the same bound); a file
// packed otherwise (zip, zstd, bzip2, xz) is an error that says how to unpack it.
#include <cstddef>
#include <string>
#include <string_view>

namespace parley::cli {

class MappedFile {
 public:
  // Opens `path` ("-" is standard input). On failure, text() is empty and error() says why.
  // `max_memory_bytes` bounds what is read into memory: a stream, or a gzip file's contents.
  explicit MappedFile(const std::string& path, std::size_t max_memory_bytes = std::size_t{1} << 30);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  std::string_view text() const { return text_; }

 private:
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::string buffer_;
  std::string_view text_;
  std::string error_;

  void unpack(const std::string& path, std::size_t max_memory_bytes);
};

}  // namespace parley::cli
