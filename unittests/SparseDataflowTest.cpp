#include "KernelGraph.h"

#include "tcgen05/Analysis/SparseDataflow.h"

#include <map>

using namespace tcgen05;

namespace {

/// The register %rN an operand names, or -1.
int registerNumber(const Operand &O) {
  unsigned N;
  if (O.Kind != OperandKind::Register || !O.text().starts_with("%r") ||
      O.text().drop_front(2).getAsInteger(10, N))
    return -1;
  return static_cast<int>(N);
}

/// Fact N: %rN was written and not read since, on some path.  pre() ends
/// the facts of the registers an instruction reads, post() sets the one it
/// writes, so a replay sees a read's registers cleared and its own write
/// not yet made.
struct WrittenNotRead {
  const Function &F;
  /// Facts killed on an edge, keyed by the edge's blocks.
  std::map<std::pair<uint32_t, uint32_t>, llvm::BitVector> Kills;
  unsigned Posts = 0;

  llvm::BitVector boundary() { return llvm::BitVector(9); }
  uint64_t pre(uint32_t I, llvm::BitVector &S) {
    llvm::ArrayRef<Operand> Ops = F.operands(F.Instructions[I].Operands);
    for (size_t K = 1; K < Ops.size(); ++K)
      if (int R = registerNumber(Ops[K]); R >= 0)
        S.reset(R);
    return 0;
  }
  uint64_t post(uint32_t I, llvm::BitVector &S) {
    ++Posts;
    llvm::ArrayRef<Operand> Ops = F.operands(F.Instructions[I].Operands);
    if (!Ops.empty())
      if (int R = registerNumber(Ops[0]); R >= 0)
        S.set(R);
    return 0;
  }
  const llvm::BitVector *edgeKills(const CFGBlock &From, const CFGBlock &To) {
    auto It = Kills.find({From.Number, To.Number});
    return It == Kills.end() ? nullptr : &It->second;
  }
};

/// Every instruction but branches and returns, ascending.
std::vector<uint32_t> allButJumps(const Function &F) {
  std::vector<uint32_t> Events;
  for (uint32_t I = 0; I < F.Instructions.size(); ++I)
    if (!F.Instructions[I].is(OpEndsBlock))
      Events.push_back(I);
  return Events;
}

/// The instruction whose text starts with Prefix.
uint32_t inst(const KernelGraph &B, llvm::StringRef Prefix) {
  for (uint32_t I = 0; I < B.fn().Instructions.size(); ++I)
    if (B.fn().Instructions[I].src().text().starts_with(Prefix))
      return I;
  ADD_FAILURE() << "no instruction " << Prefix.str();
  return 0;
}

/// The facts before each event, as bit masks, by instruction.
std::map<uint32_t, uint32_t> replayed(SparseBitDataflow<WrittenNotRead> &S) {
  std::map<uint32_t, uint32_t> Out;
  S.replay([&](uint32_t I, const llvm::BitVector &Facts) {
    uint32_t Mask = 0;
    for (unsigned K : Facts.set_bits())
      Mask |= 1u << K;
    Out[I] = Mask;
  });
  return Out;
}

const char *Diamond = "mov.b32 %r1, 0;\n"
                      "@%p1 bra ELSE;\n"
                      "mov.b32 %r2, 1;\n"
                      "bra JOIN;\n"
                      "ELSE: mov.b32 %r3, %r1;\n"
                      "JOIN: add.s32 %r4, %r2, %r3;\n"
                      "ret;\n";

} // namespace

// A fact made on one arm holds at the join (may), and the replay shows the
// facts between an event's halves: its reads done, its write not yet.
TEST(SparseDataflowTest, MayFactsAtAJoinAndBetweenTheHalves) {
  KernelGraph B(Diamond);
  ASSERT_TRUE(B.Sink.diagnostics().empty());
  WrittenNotRead M{B.fn(), {}};
  auto S = runSparseDataflow(*B.G, M, allButJumps(B.fn()), 1000);
  ASSERT_TRUE(S);
  std::map<uint32_t, uint32_t> At = replayed(*S);
  // %r1 on the path through the then-arm; %r2 and %r3 ended by the add's
  // reads, whose own %r4 is not set yet.
  EXPECT_EQ(At.at(inst(B, "add.s32")), 0b00010u);
  // The else-arm read %r1 before writing %r3.
  EXPECT_EQ(At.at(inst(B, "mov.b32 %r3")), 0b00000u);
  EXPECT_EQ(At.at(inst(B, "mov.b32 %r2")), 0b00010u);
}

// Only events are visited: an instruction left out changes no fact.
TEST(SparseDataflowTest, InstructionsThatAreNotEventsChangeNothing) {
  KernelGraph B(Diamond);
  WrittenNotRead M{B.fn(), {}};
  std::vector<uint32_t> Events = allButJumps(B.fn());
  llvm::erase(Events, inst(B, "mov.b32 %r3"));
  auto S = runSparseDataflow(*B.G, M, Events, 1000);
  ASSERT_TRUE(S);
  std::map<uint32_t, uint32_t> At = replayed(*S);
  EXPECT_FALSE(At.count(inst(B, "mov.b32 %r3")));
  // Without the else-arm's read, %r1 reaches the add on both arms.
  EXPECT_EQ(At.at(inst(B, "add.s32")), 0b00010u);
  EXPECT_EQ(S->events().size(), Events.size());
}

// A fact an edge kills does not cross it.
TEST(SparseDataflowTest, EdgeKillsStopAFact) {
  KernelGraph B(Diamond);
  WrittenNotRead M{B.fn(), {}};
  llvm::BitVector R1(9);
  R1.set(1);
  M.Kills[{B.at("mov.b32 %r1")->Number, B.at("mov.b32 %r2")->Number}] = R1;
  auto S = runSparseDataflow(*B.G, M, allButJumps(B.fn()), 1000);
  ASSERT_TRUE(S);
  std::map<uint32_t, uint32_t> At = replayed(*S);
  EXPECT_EQ(At.at(inst(B, "mov.b32 %r2")), 0b00000u);
  EXPECT_EQ(At.at(inst(B, "add.s32")), 0b00000u);
}

// A loop settles, and facts from the back edge reach the header.
TEST(SparseDataflowTest, LoopsReachAFixedPoint) {
  KernelGraph B("mov.b32 %r1, 0;\n"
                "L: mov.b32 %r2, %r1;\n"
                "mov.b32 %r5, 7;\n"
                "@%p1 bra L;\n"
                "mov.b32 %r6, %r5;\n"
                "ret;\n");
  WrittenNotRead M{B.fn(), {}};
  auto S = runSparseDataflow(*B.G, M, allButJumps(B.fn()), 1000);
  ASSERT_TRUE(S);
  std::map<uint32_t, uint32_t> At = replayed(*S);
  // Before the header's read: %r1 from the entry, %r2 and %r5 from the
  // previous trip; the read of %r1 has ended it.
  EXPECT_EQ(At.at(inst(B, "mov.b32 %r2")), 0b100100u);
  EXPECT_EQ(At.at(inst(B, "mov.b32 %r6")), 0b000100u);
}

// Out of budget: no solution, no replay, and the steps taken are told.
TEST(SparseDataflowTest, BudgetExhaustedGivesNoSolution) {
  KernelGraph B(Diamond);
  WrittenNotRead M{B.fn(), {}};
  // Enough for the states (a word per block), not for the visits.
  uint64_t Budget = B.G->size(), Steps = 0;
  EXPECT_FALSE(runSparseDataflow(*B.G, M, allButJumps(B.fn()), Budget, &Steps));
  EXPECT_GT(Steps, Budget);
  SparseBitDataflow<WrittenNotRead> S(*B.G, M, allButJumps(B.fn()));
  EXPECT_FALSE(S.run(Budget));
  unsigned Visits = 0;
  S.replay([&](uint32_t, const llvm::BitVector &) { ++Visits; });
  EXPECT_EQ(Visits, 0u);
}

// A block no path reaches is not replayed.
TEST(SparseDataflowTest, UnreachedBlocksAreNotReplayed) {
  KernelGraph B("mov.b32 %r1, 0;\n"
                "ret;\n"
                "mov.b32 %r2, %r1;\n"
                "ret;\n");
  WrittenNotRead M{B.fn(), {}};
  auto S = runSparseDataflow(*B.G, M, allButJumps(B.fn()), 1000);
  ASSERT_TRUE(S);
  std::map<uint32_t, uint32_t> At = replayed(*S);
  EXPECT_TRUE(At.count(inst(B, "mov.b32 %r1")));
  EXPECT_FALSE(At.count(inst(B, "mov.b32 %r2")));
}
