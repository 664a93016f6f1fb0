#include "tcgen05/Basic/Opcodes.h"

#include "gtest/gtest.h"

using namespace tcgen05;

TEST(OpcodesTest, EveryListedNameIsKnownWithItsSection) {
#define OPCODE(Name, Group)                                                    \
  EXPECT_EQ(opcodeGroup(#Name), llvm::StringRef(Group)) << #Name;
#include "tcgen05/Basic/Opcodes.def"
}

TEST(OpcodesTest, QualifiedOrMisspelledNamesAreUnknown) {
  EXPECT_FALSE(isKnownOpcode("tcgen05.mma"));
  EXPECT_FALSE(isKnownOpcode("Mov"));
  EXPECT_FALSE(isKnownOpcode(""));
  EXPECT_FALSE(isKnownOpcode("ldg"));
}

TEST(OpcodesTest, SuggestsOnlyCloseNames) {
  EXPECT_EQ(suggestOpcode("fmaa"), "fma");
  EXPECT_EQ(suggestOpcode("tcgen06"), "tcgen05");
  EXPECT_EQ(suggestOpcode("mbarier"), "mbarrier");
  EXPECT_EQ(suggestOpcode("x"), "");
  EXPECT_EQ(suggestOpcode("frobnicate"), "");
}
