//===- SuppressionsTest.cpp - Findings silenced in the source -------------===//

#include "tcgen05/Frontend/Suppressions.h"

#include "gtest/gtest.h"

using namespace tcgen05;

namespace {

TEST(SuppressionsTest, CodesCoverTheirLineAndTheNext) {
  Suppressions S("a\n// tcgen05-check: ignore TC4001, tc4002\nb\nc\n");
  EXPECT_TRUE(S.covers(2, 4001));
  EXPECT_TRUE(S.covers(3, 4002));
  EXPECT_FALSE(S.covers(3, 4003));
  EXPECT_FALSE(S.covers(4, 4001));
  EXPECT_FALSE(S.covers(1, 4001));
}

TEST(SuppressionsTest, NoCodeCoversEveryCode) {
  Suppressions S("x; // tcgen05-check: ignore\n");
  EXPECT_TRUE(S.covers(1, 1101));
  EXPECT_TRUE(S.covers(2, 6002));
}

TEST(SuppressionsTest, ProseAfterTheCodesIsNotACode) {
  Suppressions S("// tcgen05-check: ignore TC4001 until 2 weeks from now\n");
  EXPECT_TRUE(S.covers(1, 4001));
  EXPECT_FALSE(S.covers(1, 2));
}

TEST(SuppressionsTest, OnlyInAComment) {
  EXPECT_TRUE(Suppressions("mov.b32 %r1, 0; tcgen05-check: ignore\n").empty());
  EXPECT_TRUE(Suppressions("// tcgen05-check: ignored TC4001\n").empty());
  EXPECT_TRUE(Suppressions("// tcgen05-check: please TC4001\n").empty());
}

} // namespace
