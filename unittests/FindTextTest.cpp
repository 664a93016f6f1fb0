#include "tcgen05/Basic/FindText.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>

using namespace tcgen05;

namespace {

// The vector loop agrees with counting byte by byte, on lengths around its
// step of 64 bytes and its flush every 127 steps, at several alignments.
TEST(FindTextTest, CountCharAgreesWithCountingByByte) {
  std::string S;
  for (unsigned I = 0; I < 127 * 64 * 2 + 40; ++I)
    S += (I * 7 % 5 == 0) ? '\n' : char('a' + I % 26);
  for (size_t Len :
       {0u, 1u, 15u, 16u, 17u, 63u, 64u, 65u, 8127u, 8128u, 8129u, 8199u})
    for (size_t Off : {0u, 1u, 7u}) {
      llvm::StringRef Part = llvm::StringRef(S).substr(Off, Len);
      EXPECT_EQ(countChar(Part, '\n'),
                static_cast<size_t>(std::count(Part.begin(), Part.end(), '\n')))
          << Len << " at " << Off;
    }
  std::string All(127 * 64 * 3 + 5, '\n');
  EXPECT_EQ(countChar(All, '\n'), All.size());
  EXPECT_EQ(countChar(All, 'x'), 0u);
}

} // namespace
