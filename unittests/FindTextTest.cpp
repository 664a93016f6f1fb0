#include "tcgen05/Basic/FindText.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>

using namespace tcgen05;

namespace {

// The vector loop agrees with counting byte by byte, on lengths around its
// block of 16 and its flush every 255 blocks, at every alignment.
TEST(FindTextTest, CountCharAgreesWithCountingByByte) {
  std::string S;
  for (unsigned I = 0; I < 255 * 16 * 2 + 40; ++I)
    S += (I * 7 % 5 == 0) ? '\n' : char('a' + I % 26);
  for (size_t Len : {0u, 1u, 15u, 16u, 17u, 4079u, 4080u, 4081u, 8160u, 8199u})
    for (size_t Off : {0u, 1u, 7u}) {
      llvm::StringRef Part = llvm::StringRef(S).substr(Off, Len);
      EXPECT_EQ(countChar(Part, '\n'),
                static_cast<size_t>(std::count(Part.begin(), Part.end(), '\n')))
          << Len << " at " << Off;
    }
  std::string All(255 * 16 * 3, '\n');
  EXPECT_EQ(countChar(All, '\n'), All.size());
  EXPECT_EQ(countChar(All, 'x'), 0u);
}

} // namespace
