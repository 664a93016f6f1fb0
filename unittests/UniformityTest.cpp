#include "KernelGraph.h"

#include "tcgen05/Analysis/Uniformity.h"

using namespace tcgen05;

namespace {

struct Uni : KernelGraph {
  std::optional<DominatorTree> DT;
  std::optional<PostDominatorTree> PDT;
  std::unique_ptr<RegisterNames> Names;
  std::unique_ptr<RegisterNumbering> Regs;
  std::unique_ptr<UniformityInfo> U;
  explicit Uni(const std::string &Body) : KernelGraph(Body) {
    DT.emplace(*G);
    PDT.emplace(*G);
    Names = std::make_unique<RegisterNames>(fn());
    Regs = std::make_unique<RegisterNumbering>(fn(), *Names);
    U = std::make_unique<UniformityInfo>(fn(), *G, *DT, *PDT, *Regs);
  }
  uint32_t inst(llvm::StringRef Prefix) {
    for (uint32_t I = 0; I < fn().Instructions.size(); ++I)
      if (fn().Instructions[I].src().text().starts_with(Prefix))
        return I;
    ADD_FAILURE() << "no instruction " << Prefix.str();
    return 0;
  }
};

} // namespace

TEST(UniformityTest, WarpIndexThroughShuffleIsUniform) {
  Uni G("mov.u32 %r1, %tid.x;\n"
        "shr.u32 %r2, %r1, 5;\n"
        "shfl.sync.idx.b32 %r3|%p0, %r2, 0, 31, -1;\n"
        "setp.eq.s32 %p1, %r3, 0;\n"
        "@%p1 bra L;\n"
        "mov.u32 %r4, %r3;\n"
        "L: ret;\n");
  ASSERT_TRUE(G.Sink.diagnostics().empty());
  EXPECT_EQ(G.U->value("%r1"), ValueKind::Lane);
  EXPECT_EQ(G.U->value("%r2"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%r3"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%p1"), ValueKind::Uniform);
  EXPECT_FALSE(G.U->isDivergent(*G.at("mov.u32 %r4")));
}

TEST(UniformityTest, ThreadIndexBranchDivergesUntilItsPostDominator) {
  Uni G("mov.u32 %r1, %tid.x;\n"
        "setp.ne.s32 %p1, %r1, 0;\n"
        "@%p1 bra L;\n"
        "mov.u32 %r4, 1;\n"
        "L: mov.u32 %r5, 2;\n"
        "ret;\n");
  EXPECT_EQ(G.U->value("%p1"), ValueKind::AllButOneLane);
  EXPECT_TRUE(G.U->isDivergent(*G.at("mov.u32 %r4")));
  EXPECT_TRUE(G.U->isSingleThread(*G.at("mov.u32 %r4")));
  EXPECT_EQ(G.U->divergingBranch(*G.at("mov.u32 %r4")), G.inst("@%p1"));
  EXPECT_FALSE(G.U->isDivergent(*G.at("mov.u32 %r5")));
  EXPECT_FALSE(G.U->isSingleThread(*G.at("mov.u32 %r5")));
}

TEST(UniformityTest, WarpBoundaryComparisonIsUniform) {
  // ThunderKittens: threads 0-31, that is warp 0, allocate.
  Uni G("mov.u32 %r1, %tid.x;\n"
        "setp.gt.u32 %p1, %r1, 31;\n"
        "setp.lt.u32 %p2, %r1, 16;\n"
        "and.b32 %r2, %r1, 127;\n"
        "setp.ne.s32 %p0, %r2, 0;\n");
  EXPECT_EQ(G.U->value("%p1"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%p2"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%r2"), ValueKind::Lane);
  EXPECT_EQ(G.U->value("%p0"), ValueKind::AllButOneLane);
}

TEST(UniformityTest, UnsignedComparisonWordsAtAWarpBoundary) {
  // setp.lo/.hs compare as unsigned; the constant on the left mirrors them.
  Uni G("mov.u32 %r1, %tid.x;\n"
        "setp.lo.u32 %p1, %r1, 64;\n"
        "setp.hs.u32 %p2, 32, %r1;\n"
        "setp.lo.u32 %p0, %r1, 48;\n");
  EXPECT_EQ(G.U->value("%p1"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%p2"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%p0"), ValueKind::Varying);
}

TEST(UniformityTest, ElectFlagMakesSingleThreadRegion) {
  // CUTLASS and DeepGEMM: elect.sync in inline asm sets a flag.
  Uni G("mov.b32 %r6, -1;\n"
        "mov.b32 %r7, 0;\n"
        "{\n.reg .b32 %rx;\n.reg .pred %px;\n"
        "elect.sync %rx|%px, %r6;\n"
        "@%px mov.s32 %r7, 1;\n"
        "}\n"
        "setp.eq.s32 %p1, %r7, 0;\n"
        "@%p1 bra L;\n"
        "mov.u32 %r4, 1;\n"
        "L: ret;\n");
  EXPECT_EQ(G.U->value("%px"), ValueKind::OneLane);
  EXPECT_EQ(G.U->value("%r7"), ValueKind::OneLane);
  EXPECT_EQ(G.U->value("%p1"), ValueKind::AllButOneLane);
  EXPECT_TRUE(G.U->isSingleThread(*G.at("mov.u32 %r4")));
  EXPECT_TRUE(G.U->isSingleThreadInst(G.inst("@%px")));
  EXPECT_FALSE(G.U->isSingleThreadInst(G.inst("setp.eq")));
}

TEST(UniformityTest, LoadsOfVaryingAddressesVary) {
  Uni G("mov.u32 %r6, %tid.x;\n"
        "cvt.u64.u32 %rd1, %r6;\n"
        "ld.global.u32 %r1, [%rd1];\n"
        "ld.param.u32 %r2, [k_param_0];\n"
        "mov.u32 %r3, %ctaid.x;\n"
        "add.s32 %r4, %r2, %r3;\n"
        "add.s32 %r5, %r1, %r3;\n");
  EXPECT_EQ(G.U->value("%r1"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%r2"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%r4"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%r5"), ValueKind::Varying);
}

TEST(UniformityTest, LoopOnVaryingValueDivergesItsBody) {
  Uni G("mov.u32 %r1, %laneid;\n"
        "L: add.s32 %r1, %r1, -1;\n"
        "setp.ne.s32 %p1, %r1, 0;\n"
        "@%p1 bra L;\n"
        "ret;\n");
  EXPECT_TRUE(G.U->isDivergent(*G.at("add.s32")));
  EXPECT_FALSE(G.U->isDivergent(*G.at("ret")));
}

TEST(UniformityTest, UniformBranchAssertedByBraUni) {
  Uni G("mov.u32 %r1, %laneid;\n"
        "setp.ne.s32 %p1, %r1, 0;\n"
        "@%p1 bra.uni L;\n"
        "mov.u32 %r4, 1;\n"
        "L: ret;\n");
  EXPECT_FALSE(G.U->isDivergent(*G.at("mov.u32 %r4")));
}

TEST(UniformityTest, LoadOfUniformAddressIsUniform) {
  // DeepGEMM reads the tensor memory address from shared memory.
  Uni G("mov.u32 %r1, %ctaid.x;\n"
        "ld.shared.u32 %r2, [%r1];\n"
        "ld.global.u32 %r3, [k_param_0];\n");
  EXPECT_EQ(G.U->value("%r2"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%r3"), ValueKind::Uniform);
}

// Special registers take their kind from SpecialRegisters.def, the table the
// declaration checker reads too; a vector's components share its kind.
TEST(UniformityTest, SpecialRegistersFollowTheirTable) {
  Uni G("mov.u32 %r1, %cluster_ctarank;\n"
        "mov.u32 %r2, %nctaid.y;\n"
        "mov.u32 %r3, %clock;\n"
        "mov.u32 %r4, %tid.y;\n"
        "mov.u32 %r5, %lanemask_lt;\n"
        "ret;\n");
  ASSERT_TRUE(G.Sink.diagnostics().empty());
  EXPECT_EQ(G.U->value("%r1"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%r2"), ValueKind::Uniform);
  EXPECT_EQ(G.U->value("%r3"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%r4"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%r5"), ValueKind::Varying);
}

TEST(UniformityTest, AValueMadeVaryingLaterInALoopReachesItsEarlierReaders) {
  // %r2 reads %r1 before the loop's later write makes %r1 vary, and %r3
  // reads %r2: what the write changes flows back along the loop, through
  // every register in between, to the branch.
  Uni G("mov.u32 %r1, 0;\n"
        "mov.u32 %r6, 0;\n"
        "L: add.s32 %r2, %r1, 1;\n"
        "add.s32 %r3, %r2, 1;\n"
        "setp.ne.s32 %p1, %r3, 7;\n"
        "@%p1 bra M;\n"
        "mov.u32 %r4, 1;\n"
        "M: mov.u32 %r1, %tid.x;\n"
        "add.s32 %r6, %r6, 1;\n"
        "setp.lt.s32 %p2, %r6, 4;\n"
        "@%p2 bra L;\n"
        "ret;\n");
  EXPECT_EQ(G.U->value("%r1"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%r2"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%r3"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%p1"), ValueKind::Varying);
  EXPECT_EQ(G.U->value("%p2"), ValueKind::Uniform);
  EXPECT_TRUE(G.U->isDivergent(*G.at("mov.u32 %r4")));
  EXPECT_FALSE(G.U->isDivergent(*G.at("ret")));
}
