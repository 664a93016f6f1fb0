#include "KernelGraph.h"

#include "tcgen05/Analysis/BranchConditions.h"
#include "tcgen05/Analysis/Dominators.h"

using namespace tcgen05;

namespace {

struct Conds : KernelGraph {
  std::optional<DominatorTree> DT;
  std::unique_ptr<RegisterNumbering> Regs;
  std::unique_ptr<BranchConditions> C;
  explicit Conds(const std::string &Body) : KernelGraph(Body) {
    DT.emplace(*G);
    Regs = std::make_unique<RegisterNumbering>(fn(), *Names);
    C = std::make_unique<BranchConditions>(fn(), *G, *DT, *Regs);
  }
  /// The conditions of the way into the block of the instruction Prefix
  /// starts.
  BranchConditions::Conditions into(llvm::StringRef Prefix) {
    BranchConditions::Conditions Out;
    C->dominating(*at(Prefix), Out);
    return Out;
  }
};

ValueRange range(uint32_t Reg, int64_t Lo, int64_t Hi, bool AllBut = false,
                 bool Unsigned = true) {
  ValueRange R;
  R.Reg = Reg;
  R.Lo = Lo;
  R.Hi = Hi;
  R.AllBut = AllBut;
  R.Unsigned = Unsigned;
  return R;
}

} // namespace

TEST(BranchConditionsTest, RangesOfOneRegisterMeetOrNot) {
  EXPECT_TRUE(ValueRange::disjoint(range(1, 1, 1), range(1, 2, 2)));
  EXPECT_FALSE(ValueRange::disjoint(range(1, 1, 1), range(2, 2, 2)));
  EXPECT_TRUE(ValueRange::disjoint(range(1, 3, 3), range(1, 3, 3, true)));
  EXPECT_FALSE(
      ValueRange::disjoint(range(1, 3, 3, true), range(1, 4, 4, true)));
  EXPECT_TRUE(ValueRange::disjoint(range(1, 0, 3), range(1, 4, 100)));
  EXPECT_FALSE(ValueRange::disjoint(range(1, 0, 4), range(1, 4, 100)));
  // Signed and unsigned bounds are compared only where they agree.
  EXPECT_TRUE(
      ValueRange::disjoint(range(1, 0, 3, false, false), range(1, 4, 9)));
  EXPECT_FALSE(
      ValueRange::disjoint(range(1, -5, -1, false, false), range(1, 4, 9)));
}

TEST(BranchConditionsTest, EdgesOfAWarpRoleChainContradict) {
  Conds G("mov.u32 %r1, %tid.x;\n"
          "shr.u32 %r2, %r1, 5;\n"
          "setp.eq.s32 %p1, %r2, 1;\n"
          "@!%p1 bra OTHER;\n"
          "mov.u32 %r3, 1;\n"
          "bra.uni END;\n"
          "OTHER: setp.ne.s32 %p2, %r2, 2;\n"
          "@%p2 bra END;\n"
          "mov.u32 %r4, 2;\n"
          "END: ret;\n");
  ASSERT_TRUE(G.Sink.diagnostics().empty());
  BranchConditions::Conditions One = G.into("mov.u32 %r3"),
                               Two = G.into("mov.u32 %r4");
  ASSERT_EQ(One.size(), 1u);
  EXPECT_EQ(One[0].Lo, 1);
  EXPECT_FALSE(One[0].AllBut);
  // warp == 2, and (through the earlier edge) warp != 1.
  ASSERT_EQ(Two.size(), 2u);
  EXPECT_TRUE(BranchConditions::contradict(One, Two));
  EXPECT_FALSE(BranchConditions::contradict(Two, Two));
}

TEST(BranchConditionsTest, ARegisterALoopWritesGivesNoCondition) {
  Conds G("mov.u32 %r1, 0;\n"
          "LOOP: add.s32 %r1, %r1, 1;\n"
          "setp.eq.s32 %p1, %r1, 4;\n"
          "@%p1 bra DONE;\n"
          "mov.u32 %r3, 1;\n"
          "bra.uni LOOP;\n"
          "DONE: ret;\n");
  EXPECT_TRUE(G.into("mov.u32 %r3").empty());
}

TEST(BranchConditionsTest, APredicateTwoMovesWriteIsWhatHoldsAtTheCopy) {
  // nvcc -G's `warp >= 4 && warp < 8`: false, or the second test where the
  // first held.
  Conds G("mov.u32 %r1, %tid.x;\n"
          "div.u32 %r2, %r1, 32;\n"
          "setp.ge.u32 %p0, %r2, 4;\n"
          "mov.pred %p2, 0;\n"
          "@!%p0 bra JOIN;\n"
          "setp.lt.u32 %p1, %r2, 8;\n"
          "mov.pred %p2, %p1;\n"
          "JOIN: @!%p2 bra END;\n"
          "mov.u32 %r4, 2;\n"
          "END: ret;\n");
  BranchConditions::Conditions In = G.into("mov.u32 %r4");
  ASSERT_EQ(In.size(), 2u);
  // Both bounds of the warp index, as ranges of %r2.
  EXPECT_EQ(In[0].Reg, In[1].Reg);
  EXPECT_TRUE(
      BranchConditions::contradict(In, {range(In[0].Reg, 0, 0, false, true)}));
}

TEST(BranchConditionsTest, CyclesAreFoundByBlock) {
  Conds G("mov.u32 %r1, 0;\n"
          "LOOP: add.s32 %r1, %r1, 1;\n"
          "setp.lt.s32 %p1, %r1, 4;\n"
          "@%p1 bra LOOP;\n"
          "mov.u32 %r3, 1;\n"
          "ret;\n");
  llvm::BitVector On = BranchConditions::blocksOnCycles(*G.G);
  EXPECT_TRUE(On.test(G.at("add.s32")->Number));
  EXPECT_FALSE(On.test(G.at("mov.u32 %r1")->Number));
  EXPECT_FALSE(On.test(G.at("mov.u32 %r3")->Number));
}
