#pragma once
// The end every honest Risiko table must reach (tests/peer/risiko_table.hpp), as a test's check.
#include <gtest/gtest.h>

#include "tests/peer/risiko_table.hpp"

namespace parley::peer::testing {

// Runs the table to the end of the game: complete, nobody blamed, and the log verifies with every
// seat honest.
inline void expect_honest_end(RisikoTable& t) {
  t.run();
  ASSERT_EQ(t.session->phase(), Phase::complete);
  EXPECT_TRUE(t.blames().empty());
  const VerifyReport report = verify(t.lobby.log());
  EXPECT_TRUE(report.valid) << report.fault;
  for (const auto& s : report.seats) EXPECT_EQ(s.kind, SeatVerdict::Kind::honest) << s.reason;
}

}  // namespace parley::peer::testing
