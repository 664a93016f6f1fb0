#include "KernelGraph.h"

#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "tcgen05/Analysis/WarpRoles.h"

using namespace tcgen05;

namespace {

/// The roles of the first instruction starting with each prefix.
struct Roles {
  KernelGraph B;
  FunctionAnalyses A;
  WarpRoles R;
  Roles(const std::string &Body, unsigned Warps = 8)
      : B(Body), A(B.fn(), FunctionEnv{}),
        R(B.fn(), A.cfg(), A.uniformity(), Warps) {
    EXPECT_TRUE(B.Sink.diagnostics().empty());
  }
  std::string at(llvm::StringRef Prefix) {
    for (uint32_t I = 0; I < B.fn().Instructions.size(); ++I)
      if (B.fn().Instructions[I].src().text().starts_with(Prefix))
        return R.atInstruction(I).str();
    ADD_FAILURE() << "no instruction " << Prefix.str();
    return "";
  }
};

/// CUTLASS's warp index: %tid.x / 32, broadcast from lane 0.
const char *WarpIndex = "mov.u32 %r1, %tid.x;\n"
                        "shr.u32 %r2, %r1, 5;\n"
                        "shfl.sync.idx.b32 %r3|%p2, %r2, 0, 31, -1;\n";

} // namespace

// A branch on the warp index passes on, on each edge, the warps its
// condition allows; a join unites them.
TEST(WarpRolesTest, BranchesOnTheWarpIndex) {
  Roles R(std::string(WarpIndex) + "setp.ne.s32 %p1, %r3, 0;\n"
                                   "@%p1 bra NOT0;\n"
                                   "add.s32 %r4, %r4, 1;\n"
                                   "bra JOIN;\n"
                                   "NOT0: setp.lt.s32 %p0, %r3, 4;\n"
                                   "@%p0 bra END;\n"
                                   "add.s32 %r5, %r5, 1;\n"
                                   "JOIN: add.s32 %r6, %r6, 1;\n"
                                   "END: ret;\n");
  EXPECT_TRUE(R.R.specialized());
  EXPECT_EQ(R.at("add.s32 %r4"), "warps 0");
  EXPECT_EQ(R.at("add.s32 %r5"), "warps 4-7");
  EXPECT_EQ(R.at("add.s32 %r6"), "warps 0, 4-7");
}

// An edge passes the pairs its branch sends that way, fewer than reach
// the block the branch ends: what a client that follows each warp's own
// paths reads (the capacity lint's flow).
TEST(WarpRolesTest, EdgesPassWhatTheirBranchAllows) {
  Roles R(std::string(WarpIndex) + "setp.lt.s32 %p1, %r3, 2;\n"
                                   "@%p1 bra LOW;\n"
                                   "add.s32 %r4, %r4, 1;\n"
                                   "LOW: ret;\n");
  const ControlFlowGraph &G = R.A.cfg();
  const CFGBlock &Branch = G.front();
  ASSERT_EQ(Branch.succs().size(), 2u);
  for (unsigned K = 0; K < 2; ++K) {
    // Whichever order the graph keeps its successors in, the edge to the
    // block of the add passes warps 2-7 and the other warps 0-1.
    bool ToAdd = Branch.succs()[K]->FirstInst != Branch.succs()[K]->EndInst &&
                 R.B.fn()
                     .Instructions[Branch.succs()[K]->FirstInst]
                     .src()
                     .text()
                     .starts_with("add.s32");
    EXPECT_EQ(R.R.passes(Branch, K).str(), ToAdd ? "warps 2-7" : "warps 0, 1");
  }
  EXPECT_EQ(R.R.at(Branch).str(), "warps 0-7");
}

// %tid.x compared with a constant selects the warps that hold such a
// thread; and.pred, not.pred and a guard narrow as the branch does.
TEST(WarpRolesTest, ThreadIndexPredicatesAndGuards) {
  Roles R("mov.u32 %r1, %tid.x;\n"
          "setp.lt.u32 %p1, %r1, 96;\n"
          "setp.ge.u32 %p2, %r1, 32;\n"
          "and.pred %p0, %p1, %p2;\n"
          "@%p0 add.s32 %r4, %r4, 1;\n"
          "@!%p0 add.s32 %r5, %r5, 1;\n"
          "ret;\n");
  EXPECT_EQ(R.at("@%p0 add"), "warps 1, 2");
  // Not both: tid >= 96 or tid < 32.
  EXPECT_EQ(R.at("@!%p0 add"), "warps 0, 3-7");
}

// The CTA of a pair: %cluster_ctarank, '& 1', and '^ 1' for the peer.
TEST(WarpRolesTest, TheRankOfACtaInItsPair) {
  Roles R(std::string(WarpIndex) + "mov.u32 %r4, %cluster_ctarank;\n"
                                   "and.b32 %r5, %r4, 1;\n"
                                   "xor.b32 %r6, %r4, 1;\n"
                                   "setp.eq.s32 %p1, %r5, 0;\n"
                                   "@%p1 add.s32 %r7, %r7, 1;\n"
                                   "setp.eq.s32 %p0, %r6, 0;\n"
                                   "@%p0 add.s32 %r8, %r8, 1;\n"
                                   "ret;\n");
  EXPECT_EQ(R.at("@%p1 add.s32 %r7"), "rank 0: warps 0-7; rank 1: warps none");
  EXPECT_EQ(R.at("@%p0 add.s32 %r8"), "rank 0: warps none; rank 1: warps 0-7");
}

// A value loaded from memory, or a loop counter (a register that depends
// on itself), narrows nothing.
TEST(WarpRolesTest, UnknownConditionsClaimNothing) {
  Roles R(std::string(WarpIndex) + "ld.param.u32 %r5, [%rd1];\n"
                                   "setp.eq.s32 %p0, %r5, 0;\n"
                                   "@%p0 add.s32 %r6, %r6, 1;\n"
                                   "mov.u32 %r7, 0;\n"
                                   "LOOP: add.s32 %r7, %r7, 1;\n"
                                   "setp.lt.s32 %p1, %r7, 4;\n"
                                   "@%p1 bra LOOP;\n"
                                   "setp.eq.s32 %p3, %r7, 0;\n"
                                   "@%p3 add.s32 %r8, %r8, 1;\n"
                                   "ret;\n",
          4);
  EXPECT_FALSE(R.R.specialized());
  EXPECT_EQ(R.at("@%p0 add"), "warps 0-3");
  EXPECT_EQ(R.at("@%p3 add"), "warps 0-3");
}

// A role computed once by branches on the warp index and tested later
// (CUTLASS's warp_idx_to_WarpRole): each warp reads the writes on the paths
// it may take.  The signed division by 4 is nvcc's, flags are set by
// mov.pred, and a guarded write adds to the writes before it.
TEST(WarpRolesTest, RolesKeptInRegistersOfSeveralWrites) {
  Roles R(std::string(WarpIndex) + "shr.s32 %r4, %r3, 31;\n"
                                   "shr.u32 %r5, %r4, 30;\n"
                                   "add.s32 %r6, %r3, %r5;\n"
                                   "shr.s32 %r7, %r6, 2;\n"
                                   "mov.pred %p5, 0;\n"
                                   "setp.eq.s32 %p1, %r7, 0;\n"
                                   "@%p1 bra JOIN;\n"
                                   "setp.eq.s32 %p3, %r3, 12;\n"
                                   "@%p3 bra MMA;\n"
                                   "mov.b32 %r7, 2;\n"
                                   "bra JOIN;\n"
                                   "MMA: mov.b32 %r7, 1;\n"
                                   "mov.pred %p5, -1;\n"
                                   "JOIN: setp.eq.s32 %p4, %r7, 1;\n"
                                   "@%p4 add.s32 %r8, %r8, 1;\n"
                                   "@%p5 add.s32 %r9, %r9, 1;\n"
                                   "setp.eq.s32 %p6, %r7, 0;\n"
                                   "@%p6 add.s32 %r10, %r10, 1;\n"
                                   "setp.eq.s32 %p7, %r3, 1;\n"
                                   "@%p7 mov.b32 %r7, 5;\n"
                                   "setp.eq.s32 %p8, %r7, 0;\n"
                                   "@%p8 add.s32 %r11, %r11, 1;\n"
                                   "setp.eq.s32 %p9, %r7, 5;\n"
                                   "@%p9 add.s32 %r12, %r12, 1;\n"
                                   "setp.eq.s32 %p10, %r7, 3;\n"
                                   "@%p10 add.s32 %r13, %r13, 1;\n"
                                   "ret;\n",
          16);
  EXPECT_TRUE(R.R.specialized());
  EXPECT_EQ(R.at("@%p4 add"), "warps 12");
  EXPECT_EQ(R.at("@%p5 add"), "warps 12");
  EXPECT_EQ(R.at("@%p6 add"), "warps 0-3");
  // A guarded write adds a value to those before it: warp 1's role may
  // be 0 or 5.
  EXPECT_EQ(R.at("@%p8 add"), "warps 0-3");
  EXPECT_EQ(R.at("@%p9 add"), "warps 1");
  // Compared write by write: 0 or 5 is not 3 in any warp.
  EXPECT_EQ(R.at("@%p10 add"), "warps none");
}

// The CTA's warps come from .reqntid, else .maxntid, else 32.
TEST(WarpRolesTest, WarpsOfTheKernel) {
  auto Warps = [](const std::string &Perf) {
    Module M;
    DiagnosticSink Sink;
    std::string Text = ".version 9.0\n.target sm_100a\n.address_size 64\n"
                       ".visible .entry k()\n" +
                       Perf + "\n{\nret;\n}\n";
    parseModule(Text, M, Sink);
    return WarpRoles::warpsOf(M, M.Functions.at(0));
  };
  EXPECT_EQ(Warps(".maxntid 384, 1, 1"), 12u);
  EXPECT_EQ(Warps(".reqntid 100"), 4u);
  EXPECT_EQ(Warps(".maxntid 1024 .reqntid 64"), 2u);
  EXPECT_EQ(Warps(""), 32u);
}

// A value of the thread's index followed thread by thread: the warpgroup
// index broadcast from lane 0, and the first thread of each warpgroup.
TEST(WarpRolesTest, ValuesOfTheThreadIndex) {
  Roles R("mov.u32 %r1, %tid.x;\n"
          "shr.u32 %r2, %r1, 7;\n"
          "shfl.sync.idx.b32 %r3|%p2, %r2, 0, 31, -1;\n"
          "setp.eq.s32 %p1, %r3, 1;\n"
          "@%p1 add.s32 %r4, %r4, 1;\n"
          "and.b32 %r5, %r1, 127;\n"
          "setp.eq.s32 %p0, %r5, 0;\n"
          "@%p0 add.s32 %r6, %r6, 1;\n"
          "ret;\n",
          12);
  EXPECT_EQ(R.at("@%p1 add"), "warps 4-7");
  EXPECT_EQ(R.at("@%p0 add"), "warps 0, 4, 8");
}

// Values are 32-bit words.  A 64-bit role table shifted by the warp index
// is followed while its constant fits a word (CUTLASS's MLA kernels), and
// not when it does not (the FMHA backward kernels'), which would wrap; a
// conversion to 16 bits keeps the low bits, and 16-bit masks follow.
TEST(WarpRolesTest, ValuesOfOtherWidths) {
  std::string Table = std::string(WarpIndex) + "shl.b32 %r4, %r3, 2;\n"
                                               "mov.b64 %rd1, TABLE;\n"
                                               "shr.u64 %rd2, %rd1, %r4;\n"
                                               "cvt.u32.u64 %r5, %rd2;\n"
                                               "and.b32 %r6, %r5, 7;\n"
                                               "setp.eq.s32 %p1, %r6, 3;\n"
                                               "@%p1 add.s32 %r7, %r7, 1;\n"
                                               "ret;\n";
  auto With = [&](llvm::StringRef Constant) {
    std::string Body = Table;
    Body.replace(Body.find("TABLE"), 5, Constant.str());
    return Body;
  };
  // 0x213 = roles 3, 1, 2 for warps 0, 1, 2.
  Roles Small(With("531"), 4);
  EXPECT_EQ(Small.at("@%p1 add"), "warps 0");
  Roles Large(With("5122844576138308"), 4);
  EXPECT_FALSE(Large.R.specialized());
  EXPECT_EQ(Large.at("@%p1 add"), "warps 0-3");
  Roles Narrow("mov.u32 %r1, %cluster_ctarank;\n"
               "add.s32 %r2, %r1, 65536;\n"
               "cvt.u16.u32 %rs1, %r2;\n"
               "and.b16 %rs2, %rs1, 1;\n"
               "setp.ne.s16 %p1, %rs2, 0;\n"
               "@%p1 add.s32 %r3, %r3, 1;\n"
               "ret;\n",
               2);
  EXPECT_EQ(Narrow.at("@%p1 add"), "rank 0: warps none; rank 1: warps 0, 1");
  // The high half of a product, and floating point, are not words.
  Roles High(std::string(WarpIndex) + "mul.hi.u32 %r4, %r3, 1073741824;\n"
                                      "setp.eq.s32 %p1, %r4, 0;\n"
                                      "@%p1 add.s32 %r5, %r5, 1;\n"
                                      "add.f32 %r6, %r3, 1;\n"
                                      "setp.eq.s32 %p3, %r6, 1;\n"
                                      "@%p3 add.s32 %r7, %r7, 1;\n"
                                      "ret;\n",
             4);
  EXPECT_EQ(High.at("@%p1 add"), "warps 0-3");
  EXPECT_EQ(High.at("@%p3 add"), "warps 0-3");
}

// The values an operand holds over the warps that may execute its reader:
// a warpgroup's barrier number, its index plus one, read only by
// warpgroups 1 and 2; nothing when a thread's value is unknown.
TEST(WarpRolesTest, ValuesWhereAnInstructionReadsThem) {
  Roles R("mov.u32 %r1, %tid.x;\n"
          "shr.u32 %r2, %r1, 7;\n"
          "add.s32 %r3, %r2, 1;\n"
          "setp.eq.s32 %p1, %r2, 0;\n"
          "@%p1 bra END;\n"
          "bar.sync %r3, 128;\n"
          "ld.param.u32 %r4, [p];\n"
          "bar.sync %r4, 128;\n"
          "END: ret;\n",
          12);
  auto ValuesAt = [&](llvm::StringRef Prefix, llvm::StringRef Reg) {
    const Function &F = R.B.fn();
    for (uint32_t I = 0; I < F.Instructions.size(); ++I)
      if (F.Instructions[I].src().text().starts_with(Prefix))
        for (const Operand &O : F.operands(F.Instructions[I].Operands))
          if (O.text() == Reg)
            return R.R.valuesAt(O, I);
    ADD_FAILURE() << "no operand " << Reg.str() << " of " << Prefix.str();
    return std::optional<llvm::SmallVector<uint32_t, 4>>();
  };
  std::optional<llvm::SmallVector<uint32_t, 4>> Ids =
      ValuesAt("bar.sync %r3", "%r3");
  ASSERT_TRUE(Ids);
  EXPECT_EQ(std::vector<uint32_t>(Ids->begin(), Ids->end()),
            (std::vector<uint32_t>{2, 3}));
  EXPECT_FALSE(ValuesAt("bar.sync %r4", "%r4"));
}
