#include "KernelGraph.h"

#include "tcgen05/Analysis/Dataflow.h"

using namespace tcgen05;

namespace {

using Body = KernelGraph;

/// Bit N for register %rN among an operand's registers.
uint64_t registers(const Function &F, const Operand &O) {
  if (O.Kind == OperandKind::Register && O.text().starts_with("%r")) {
    unsigned N;
    return O.text().drop_front(2).getAsInteger(10, N) ? 0 : 1ull << N;
  }
  uint64_t R = 0;
  for (const Operand &C : F.operands(O.children()))
    R |= registers(F, C);
  return R;
}

/// Registers written (first operand) and read (the others) by I.
std::pair<uint64_t, uint64_t> defUse(const Function &F, const Instruction &I) {
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  if (I.opcode().text() == "bra" || Ops.empty())
    return {0, 0};
  uint64_t Use = 0;
  for (const Operand &O : Ops.drop_front())
    Use |= registers(F, O);
  return {registers(F, Ops[0]), Use};
}

/// Registers assigned on some path (may, union) or on every path (must,
/// intersection): forward.
struct Assigned {
  using State = uint64_t;
  const Function &F;
  bool Must;
  unsigned Transfers = 0;
  State boundary() { return 0; }
  bool join(State &Into, const State &From, bool) {
    State New = Must ? Into & From : Into | From;
    bool Changed = New != Into;
    Into = New;
    return Changed;
  }
  uint64_t transfer(const CFGBlock &B, State &S) {
    ++Transfers;
    for (uint32_t I = B.FirstInst; I < B.EndInst; ++I)
      S |= defUse(F, F.Instructions[I]).first;
    return B.EndInst - B.FirstInst;
  }
};

/// Live registers: backward, may.
struct Liveness {
  using State = uint64_t;
  const Function &F;
  State boundary() { return 0; }
  bool join(State &Into, const State &From, bool) {
    State New = Into | From;
    bool Changed = New != Into;
    Into = New;
    return Changed;
  }
  uint64_t transfer(const CFGBlock &B, State &S) {
    for (uint32_t I = B.EndInst; I-- > B.FirstInst;) {
      auto [Def, Use] = defUse(F, F.Instructions[I]);
      S = (S & ~Def) | Use;
    }
    return B.EndInst - B.FirstInst;
  }
};

/// Assigned (may) as bit facts spread over several words: register %rN is
/// fact 20 * N + 3.
struct AssignedBits {
  using State = llvm::BitVector;
  const Function &F;
  static constexpr unsigned Facts = 130;
  State boundary() { return State(Facts); }
  bool join(State &Into, const State &From, bool) {
    if (From.subsetOf(Into))
      return false;
    Into |= From;
    return true;
  }
  uint64_t transfer(const CFGBlock &B, State &S) {
    for (uint32_t I = B.FirstInst; I < B.EndInst; ++I)
      for (uint64_t Def = defUse(F, F.Instructions[I]).first; Def;
           Def &= Def - 1)
        S.set(20 * llvm::countr_zero(Def) + 3);
    return B.EndInst - B.FirstInst;
  }
};

const char *Loop = "mov.b32 %r1, 0;\n"
                   "L: add.s32 %r2, %r1, 1;\n"
                   "mov.b32 %r3, %r2;\n"
                   "@%p1 bra M;\n"
                   "mov.b32 %r4, %r3;\n"
                   "M: @%p2 bra L;\n"
                   "mov.b32 %r5, %r3;\n"
                   "ret;\n";

} // namespace

TEST(DataflowTest, ForwardMayAndMustOnALoop) {
  Body B(Loop);
  ASSERT_TRUE(B.Sink.diagnostics().empty());
  Assigned May{B.fn(), false}, Must{B.fn(), true};
  DataflowSolver<Assigned> SMay(*B.G, May, DataflowDirection::Forward);
  DataflowSolver<Assigned> SMust(*B.G, Must, DataflowDirection::Forward);
  ASSERT_TRUE(SMay.run(1000));
  ASSERT_TRUE(SMust.run(1000));
  const CFGBlock *Header = B.at("add.s32");
  const CFGBlock *Latch = B.at("@%p2");
  // At the loop header: %r1 on every path; %r2-%r4 from the back edge only.
  EXPECT_EQ(*SMay.input(*Header), 0b11110u);
  EXPECT_EQ(*SMust.input(*Header), 0b00010u);
  // %r4 is set on one of the two paths to the latch.
  EXPECT_EQ(*SMay.input(*Latch), 0b11110u);
  EXPECT_EQ(*SMust.input(*Latch), 0b01110u);
  // The fixed point takes a second trip round the loop, no more.
  EXPECT_LE(May.Transfers, 2 * B.G->size());
}

TEST(DataflowTest, BackwardLiveness) {
  Body B(Loop);
  Liveness L{B.fn()};
  DataflowSolver<Liveness> S(*B.G, L, DataflowDirection::Backward);
  ASSERT_TRUE(S.run(1000));
  // Live out of the latch: %r1 for the next trip and %r3 after the loop.
  EXPECT_EQ(*S.input(*B.at("@%p2")), 0b01010u);
  // Live out of the first block: %r1 only.
  EXPECT_EQ(*S.input(*B.at("mov.b32 %r1")), 0b00010u);
}

TEST(DataflowTest, BudgetStopsTheSolver) {
  Body B(Loop);
  Assigned May{B.fn(), false};
  DataflowSolver<Assigned> S(*B.G, May, DataflowDirection::Forward);
  EXPECT_FALSE(S.run(3));
  EXPECT_GT(S.steps(), 3u);
}

namespace {

/// A lattice with a long descending chain: a count that each trip of the
/// loop lowers by one, from 1000; widening jumps to 0.
struct Countdown {
  using State = int;
  unsigned Widened = 0;
  State boundary() { return 1000; }
  bool join(State &Into, const State &From, bool Widen) {
    if (From >= Into)
      return false;
    Widened += Widen;
    Into = Widen ? 0 : From;
    return true;
  }
  uint64_t transfer(const CFGBlock &, State &S) {
    S = S > 0 ? S - 1 : 0;
    return 1;
  }
};

} // namespace

TEST(DataflowTest, WideningEndsALongChain) {
  Body B(Loop);
  Countdown C;
  DataflowSolver<Countdown> S(*B.G, C, DataflowDirection::Forward);
  ASSERT_TRUE(S.run(200));
  EXPECT_EQ(*S.input(*B.at("add.s32")), 0);
  EXPECT_GT(C.Widened, 0u);
}

// The one-array store of bit facts reaches the states a bit vector per
// block does, across word boundaries, and says which blocks no path
// reaches.
TEST(DataflowTest, UnionBitStatesAgreeWithAStatePerBlock) {
  Body B(std::string(Loop) + "mov.b32 %r6, 0;\nret;\n");
  ASSERT_TRUE(B.Sink.diagnostics().empty());
  AssignedBits A{B.fn()}, C{B.fn()};
  DataflowSolver<AssignedBits> PerBlock(*B.G, A, DataflowDirection::Forward);
  DataflowSolver<AssignedBits, UnionBitStates<AssignedBits>> OneArray(
      *B.G, C, DataflowDirection::Forward);
  ASSERT_TRUE(PerBlock.run(1000));
  ASSERT_TRUE(OneArray.run(1000));
  unsigned Unreached = 0;
  for (const CFGBlock &Blk : *B.G) {
    const llvm::BitVector *Want = PerBlock.input(Blk);
    ASSERT_EQ(OneArray.states().reached(Blk.Number), Want != nullptr);
    if (!Want) {
      ++Unreached;
      continue;
    }
    llvm::BitVector Got;
    OneArray.states().load(Blk.Number, Got);
    EXPECT_EQ(Got, *Want) << "block " << Blk.Number;
  }
  EXPECT_GE(Unreached, 1u);
  llvm::BitVector Header;
  OneArray.states().load(B.at("add.s32")->Number, Header);
  std::vector<unsigned> Set(Header.set_bits_begin(), Header.set_bits_end());
  EXPECT_EQ(Set, (std::vector<unsigned>{23, 43, 63, 83}));
}

// The one-array store counts against the budget: a budget below blocks
// times words is refused before the array is taken, and each visit costs
// the words it moves, so more facts need more budget for the same graph.
TEST(DataflowTest, UnionBitStatesChargeTheirMemoryToTheBudget) {
  Body B(std::string(Loop) + "mov.b32 %r6, 0;\nret;\n");
  ASSERT_TRUE(B.Sink.diagnostics().empty());
  AssignedBits A{B.fn()};
  uint64_t Words = (A.boundary().size() + 31) / 32;
  ASSERT_GT(Words, 1u);
  DataflowSolver<AssignedBits, UnionBitStates<AssignedBits>> S(
      *B.G, A, DataflowDirection::Forward);
  EXPECT_FALSE(S.run(B.G->size() * Words - 1));
  EXPECT_EQ(S.steps(), 0u);
  EXPECT_FALSE(S.states().reached(0));
  ASSERT_TRUE(S.run(1000));
  EXPECT_GE(S.steps(), B.G->size() * Words);
}
