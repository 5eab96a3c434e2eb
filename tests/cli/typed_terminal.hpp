#pragma once
// A terminal for the players under test (terminal_gunjin_test.cpp, terminal_chess_test.cpp):
// what is typed goes into a pipe the player reads, what the player prints is kept in memory.
#include <gtest/gtest.h>
#include <stdio.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "game/core/seat.hpp"

namespace parley::cli::testing {

// The seat of the person at the terminal, in the tests of every game.
inline constexpr game::Seat kMe{0};

class TypedTerminal {
 public:
  TypedTerminal() {
    if (::pipe(keys_) != 0) throw std::runtime_error("pipe");
    screen_ = ::open_memstream(&text_, &size_);
    if (screen_ == nullptr) throw std::runtime_error("open_memstream");
  }
  ~TypedTerminal() {
    ::close(keys_[0]);
    if (keys_[1] >= 0) ::close(keys_[1]);
    std::fclose(screen_);
    std::free(text_);
  }
  TypedTerminal(const TypedTerminal&) = delete;
  TypedTerminal& operator=(const TypedTerminal&) = delete;

  // What the player reads and where it prints.
  int keyboard() const { return keys_[0]; }
  std::FILE* screen() const { return screen_; }

  // Bytes as they are typed, without an Enter unless they hold one.
  void put(const std::string& bytes) {
    ASSERT_EQ(::write(keys_[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  void type_line(const std::string& line) { put(line + "\n"); }
  // The end of the input (Ctrl-D).
  void close_keyboard() {
    ::close(keys_[1]);
    keys_[1] = -1;
  }
  // Whether what was printed since the last printed() ends with `text` (a question, say).
  bool shows_last(std::string_view text) {
    std::fflush(screen_);
    return std::string_view(text_ + shown_, size_ - shown_).ends_with(text);
  }
  // What was printed since the last call.
  std::string printed() {
    std::fflush(screen_);
    std::string out(text_ + shown_, size_ - shown_);
    shown_ = size_;
    return out;
  }

 private:
  int keys_[2] = {-1, -1};
  std::FILE* screen_ = nullptr;
  char* text_ = nullptr;
  std::size_t size_ = 0, shown_ = 0;
};

}  // namespace parley::cli::testing
