#pragma once
// A read-only view of a whole file. Regular files are memory-mapped, so a multi-gigabyte PGN
// costs address space, not heap; standard input ("-") is read into memory up to a bound. A gzip
// file is read as its contents, inflated a piece at a time into memory up to the same bound; a
// file packed otherwise (zip, zstd, bzip2, xz) is an error that says how to unpack it. A FIFO,
// socket or device given by its path is refused at once (it may never end, or never begin):
// its bytes are read as standard input only, where the person chose to wait for them.
// The caller may look at the first bytes of the contents before the rest is read or inflated,
// and charge what is held to a memory budget (docs/cli.md, "Reading files").
#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "cli/memory_budget.hpp"

namespace parley::archive {
class GzipReader;
}

namespace parley::cli {

// What a file given to a command may hold in memory: a stream's bytes, a gzip file's contents.
inline constexpr std::size_t kMaxInputBytes = std::size_t{1} << 30;
// How much of the contents accept_start sees (all of them when there are fewer).
inline constexpr std::size_t kStartBytes = 4096;

struct ReadOptions {
  std::size_t max_memory_bytes = kMaxInputBytes;
  // Looks at the first bytes of the contents before the rest is read: false refuses the file.
  std::function<bool(std::string_view first)> accept_start;
  // Charged `charge_per_byte` bytes for each byte of contents held (mapped or in memory): what
  // the caller makes of them is held with them. A charge the lease refuses is an error.
  MemoryBudget::Lease* lease = nullptr;
  std::size_t charge_per_byte = 1;
};

class MappedFile {
 public:
  // Opens `path` ("-" is standard input). On failure, text() is empty and error() says why.
  explicit MappedFile(const std::string& path, const ReadOptions& options = {});
  // The old form: `max_memory_bytes` bounds what is read into memory.
  MappedFile(const std::string& path, std::size_t max_memory_bytes);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  bool ok() const { return error_.empty() && !refused_; }
  const std::string& error() const { return error_; }
  // accept_start said no: text() holds the first bytes it saw, and nothing more was read.
  bool refused() const { return refused_; }
  std::string_view text() const { return text_; }
  // The error is that the lease refused a charge.
  bool over_budget() const { return over_budget_; }

 private:
  void read_mapped(int fd, std::size_t size, const std::string& path);
  void read_stream(int fd, const std::string& path);
  // Whether the first bytes say the contents are packed otherwise than in gzip (the error set).
  bool packed_otherwise(std::string_view first, const std::string& path);
  // Inflates `bytes` (all or the next of them) into buffer_; false once it stops.
  bool inflate(std::span<const std::uint8_t> bytes, const std::string& path);
  // Appends inflated or streamed contents to buffer_; false once the file is refused or failed.
  bool take(std::string_view piece);
  bool charge(std::size_t bytes);
  bool start_accepted(std::string_view first);

  ReadOptions options_;
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::string buffer_;
  std::string_view text_;
  std::string error_;
  bool refused_ = false;
  bool start_checked_ = false;
  bool over_max_ = false;
  bool over_budget_ = false;
  std::unique_ptr<archive::GzipReader> gzip_;
};

}  // namespace parley::cli
