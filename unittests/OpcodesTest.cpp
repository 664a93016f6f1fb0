#include "tcgen05/Basic/Opcodes.h"

#include "gtest/gtest.h"

using namespace tcgen05;

TEST(OpcodesTest, EveryListedNameIsInternedWithItsSection) {
#define OPCODE(Enum, Name, Group, Properties)                                  \
  EXPECT_EQ(lookupOpcode(#Name), Opcode::Enum) << #Name;                       \
  EXPECT_EQ(opcodeName(Opcode::Enum), #Name);                                  \
  EXPECT_EQ(opcodeGroup(Opcode::Enum), llvm::StringRef(Group)) << #Name;
#include "tcgen05/Basic/Opcodes.def"
}

TEST(OpcodesTest, PropertiesAreTheTablesColumn) {
  EXPECT_TRUE(hasProperty(Opcode::Bra, OpEndsBlock | OpJumps | OpNoDef));
  EXPECT_TRUE(hasProperty(Opcode::Trap, OpEndsBlock));
  EXPECT_FALSE(hasProperty(Opcode::Trap, OpJumps));
  EXPECT_FALSE(hasProperty(Opcode::Call, OpEndsBlock));
  EXPECT_TRUE(hasProperty(Opcode::Mbarrier, OpSync | OpVarying));
  EXPECT_TRUE(hasProperty(Opcode::Mov, OpBits));
  EXPECT_FALSE(hasProperty(Opcode::Ld, OpNoDef));
  EXPECT_EQ(opcodeProperties(Opcode::Unknown), OpNone);
  static_assert(hasProperty(Opcode::Ret, OpEndsBlock), "a compile-time table");
}

TEST(OpcodesTest, QualifiedOrMisspelledNamesAreUnknown) {
  EXPECT_FALSE(isKnownOpcode("tcgen05.mma"));
  EXPECT_FALSE(isKnownOpcode("Mov"));
  EXPECT_FALSE(isKnownOpcode(""));
  EXPECT_FALSE(isKnownOpcode("ldg"));
  EXPECT_EQ(lookupOpcode("bar.sync"), Opcode::Unknown);
  EXPECT_EQ(opcodeName(Opcode::Unknown), "");
  EXPECT_EQ(opcodeGroup(Opcode::Unknown), "");
}

TEST(OpcodesTest, SuggestsOnlyCloseNames) {
  EXPECT_EQ(suggestOpcode("fmaa"), "fma");
  EXPECT_EQ(suggestOpcode("tcgen06"), "tcgen05");
  EXPECT_EQ(suggestOpcode("mbarier"), "mbarrier");
  EXPECT_EQ(suggestOpcode("x"), "");
  EXPECT_EQ(suggestOpcode("frobnicate"), "");
}
