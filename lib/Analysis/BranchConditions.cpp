//===- BranchConditions.cpp - What a branch edge says about values --------===//

#include "tcgen05/Analysis/BranchConditions.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>

using namespace tcgen05;

namespace {

using Cmp = CompareOp;

/// setp's comparison words for integers: lo, ls, hi and hs compare as
/// unsigned whatever the type.
struct CmpWord {
  llvm::StringLiteral Word;
  Cmp Op;
  bool Unsigned;
};
constexpr CmpWord CmpWords[] = {
    {".eq", Cmp::Eq, false}, {".ne", Cmp::Ne, false}, {".lt", Cmp::Lt, false},
    {".le", Cmp::Le, false}, {".gt", Cmp::Gt, false}, {".ge", Cmp::Ge, false},
    {".lo", Cmp::Lt, true},  {".ls", Cmp::Le, true},  {".hi", Cmp::Gt, true},
    {".hs", Cmp::Ge, true},
};

Cmp negate(Cmp C) {
  switch (C) {
  case Cmp::Eq:
    return Cmp::Ne;
  case Cmp::Ne:
    return Cmp::Eq;
  case Cmp::Lt:
    return Cmp::Ge;
  case Cmp::Le:
    return Cmp::Gt;
  case Cmp::Gt:
    return Cmp::Le;
  case Cmp::Ge:
    return Cmp::Lt;
  }
  return C;
}

/// Whether every bound of R lies in [0, 2^31): then signed and unsigned
/// readings agree.
bool smallNonNegative(const ValueRange &R) {
  return R.Lo >= 0 && R.Hi >= 0 && R.Lo <= INT32_MAX && R.Hi <= INT32_MAX;
}

} // namespace

bool ValueRange::disjoint(const ValueRange &A, const ValueRange &B) {
  if (A.Reg != B.Reg)
    return false;
  if (A.Unsigned != B.Unsigned && !(smallNonNegative(A) && smallNonNegative(B)))
    return false;
  if (A.AllBut && B.AllBut)
    return false;
  if (A.AllBut || B.AllBut) {
    const ValueRange &R = A.AllBut ? B : A, &P = A.AllBut ? A : B;
    return R.Lo == R.Hi && R.Lo == P.Lo;
  }
  return A.Lo > A.Hi || B.Lo > B.Hi || A.Hi < B.Lo || B.Hi < A.Lo;
}

std::optional<ValueRange> ValueRange::negated() const {
  ValueRange N = *this;
  if (AllBut) {
    N.AllBut = false;
    N.Hi = Lo;
    return N;
  }
  if (Lo == Hi) {
    N.AllBut = true;
    return N;
  }
  return std::nullopt;
}

std::optional<CompareOp> tcgen05::parseCompare(llvm::StringRef Word,
                                               bool &Unsigned) {
  for (const CmpWord &W : CmpWords)
    if (W.Word == Word) {
      Unsigned = W.Unsigned;
      return W.Op;
    }
  return std::nullopt;
}

CompareOp tcgen05::mirrorCompare(CompareOp C) {
  switch (C) {
  case Cmp::Lt:
    return Cmp::Gt;
  case Cmp::Le:
    return Cmp::Ge;
  case Cmp::Gt:
    return Cmp::Lt;
  case Cmp::Ge:
    return Cmp::Le;
  default:
    return C;
  }
}

std::optional<uint64_t> tcgen05::immediateBits(const Function &F,
                                               const Operand &O) {
  if (O.Kind == OperandKind::Integer)
    return O.value();
  if (O.Kind == OperandKind::Unary && O.Op == '-') {
    const Operand &C = F.operands(O.children())[0];
    if (C.Kind == OperandKind::Integer)
      return uint64_t(0) - C.value();
  }
  return std::nullopt;
}

std::optional<ValueRange> tcgen05::compareRange(const Function &F,
                                                const Instruction &I,
                                                const RegisterNumbering &Regs,
                                                bool Value, bool SecondDest) {
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
  // setp.CmpOp.type p[|q], a, b: a combining form (.and, .or, .xor with a
  // fourth operand) says nothing alone.
  if (I.op() != Opcode::Setp || Ops.size() != 3 || Quals.size() != 2)
    return std::nullopt;
  bool Unsigned;
  std::optional<Cmp> C = parseCompare(Quals[0].text(), Unsigned);
  llvm::StringRef Type = Quals[1].text();
  if (!C || Type.size() < 3)
    return std::nullopt;
  char Kind = Type[1];
  unsigned Width = 0;
  if ((Kind != 's' && Kind != 'u' && Kind != 'b') ||
      Type.drop_front(2).getAsInteger(10, Width) ||
      (Width != 16 && Width != 32 && Width != 64))
    return std::nullopt;
  Unsigned |= Kind != 's';
  std::optional<uint64_t> Right = immediateBits(F, Ops[2]);
  std::optional<uint64_t> Left = immediateBits(F, Ops[1]);
  bool RegLeft = Ops[1].Kind == OperandKind::Register && Right;
  bool RegRight = Ops[2].Kind == OperandKind::Register && Left;
  if (!RegLeft && !RegRight)
    return std::nullopt;
  const Operand &R = RegLeft ? Ops[1] : Ops[2];
  uint64_t Imm = RegLeft ? *Right : *Left;
  uint32_t Reg = Regs.of(R);
  if (Reg == RegisterNumbering::None)
    return std::nullopt;
  Cmp Op = RegLeft ? *C : mirrorCompare(*C);
  if (Value == SecondDest)
    Op = negate(Op);
  uint64_t Mask = Width == 64 ? ~0ull : (1ull << Width) - 1;
  ValueRange Out;
  Out.Reg = Reg;
  if (Op == Cmp::Eq || Op == Cmp::Ne) {
    // Equality compares bits: read every type as unsigned.
    Out.Unsigned = true;
    Out.Lo = Out.Hi = static_cast<int64_t>(Imm & Mask);
    Out.AllBut = Op == Cmp::Ne;
    if (Width == 64 && Out.Lo < 0)
      return std::nullopt;
    return Out;
  }
  // Ordered compares only for 16 and 32 bits, whose bounds fit.
  if (Width == 64)
    return std::nullopt;
  int64_t Min, Max, K;
  if (Unsigned) {
    Min = 0;
    Max = static_cast<int64_t>(Mask);
    K = static_cast<int64_t>(Imm & Mask);
  } else {
    Min = -(int64_t(1) << (Width - 1));
    Max = (int64_t(1) << (Width - 1)) - 1;
    uint64_t Bits = Imm & Mask;
    K = Bits >> (Width - 1) ? static_cast<int64_t>(Bits) - (int64_t(1) << Width)
                            : static_cast<int64_t>(Bits);
  }
  Out.Unsigned = Unsigned;
  switch (Op) {
  case Cmp::Lt:
    Out.Lo = Min, Out.Hi = K - 1;
    break;
  case Cmp::Le:
    Out.Lo = Min, Out.Hi = K;
    break;
  case Cmp::Gt:
    Out.Lo = K + 1, Out.Hi = Max;
    break;
  case Cmp::Ge:
    Out.Lo = K, Out.Hi = Max;
    break;
  default:
    return std::nullopt;
  }
  return Out;
}

std::vector<uint32_t> BranchConditions::components(const ControlFlowGraph &G) {
  // Tarjan's strongly connected components, iterative, over arrays: the
  // generic iterator's maps cost more than the rest of the analysis on
  // nvcc -G's large bodies.
  const uint32_t None = ~0u;
  uint32_t N = G.size();
  std::vector<uint32_t> Component(N, None);
  std::vector<uint32_t> Index(N, None), Low(N, 0), Stack;
  llvm::BitVector OnStack(N);
  std::vector<std::pair<uint32_t, uint32_t>> Frames; // (block, next succ)
  uint32_t Next = 0;
  for (uint32_t Root = 0; Root < N; ++Root) {
    if (Index[Root] != None)
      continue;
    Frames.push_back({Root, 0});
    Index[Root] = Low[Root] = Next++;
    Stack.push_back(Root);
    OnStack.set(Root);
    while (!Frames.empty()) {
      auto &[V, K] = Frames.back();
      llvm::ArrayRef<CFGBlock *> Succs = G.block(V).succs();
      if (K < Succs.size()) {
        uint32_t W = Succs[K++]->Number;
        if (Index[W] == None) {
          Index[W] = Low[W] = Next++;
          Stack.push_back(W);
          OnStack.set(W);
          Frames.push_back({W, 0});
        } else if (OnStack.test(W)) {
          Low[V] = std::min(Low[V], Index[W]);
        }
        continue;
      }
      uint32_t Done = V;
      Frames.pop_back();
      if (!Frames.empty())
        Low[Frames.back().first] =
            std::min(Low[Frames.back().first], Low[Done]);
      if (Low[Done] != Index[Done])
        continue;
      // Done roots a component, named by its root.
      uint32_t W;
      do {
        W = Stack.back();
        Stack.pop_back();
        OnStack.reset(W);
        Component[W] = Done;
      } while (W != Done);
    }
  }
  return Component;
}

llvm::BitVector BranchConditions::blocksOnCycles(const ControlFlowGraph &G) {
  std::vector<uint32_t> Component = components(G);
  std::vector<uint32_t> Size(G.size(), 0);
  for (uint32_t C : Component)
    ++Size[C];
  llvm::BitVector OnCycle(G.size());
  for (const CFGBlock &B : G)
    if (Size[Component[B.Number]] > 1 || llvm::is_contained(B.succs(), &B))
      OnCycle.set(B.Number);
  return OnCycle;
}

const Instruction *BranchConditions::singleWriter(uint32_t Reg) const {
  if (Reg == RegisterNumbering::None)
    return nullptr;
  llvm::ArrayRef<uint32_t> W = Regs.writers(Reg);
  if (W.size() != 1 || F.Instructions[W[0]].guarded())
    return nullptr;
  return &F.Instructions[W[0]];
}

bool BranchConditions::runsOnce(const Instruction &I) const {
  if (!InCycle)
    InCycle = blocksOnCycles(G);
  return !InCycle->test(G.blockOf(&I - F.Instructions.data()).Number);
}

void BranchConditions::ofPredicate(uint32_t Reg, bool Value, Conditions &Out,
                                   unsigned Depth) const {
  if (Reg == RegisterNumbering::None || Depth > 8)
    return;
  llvm::ArrayRef<uint32_t> Writers = Regs.writers(Reg);
  if (Writers.size() > 1) {
    // Several writes: what every write that can give Value implies, and the
    // conditions on the way to it (a register that holds `a && b` is set
    // to b only where a held).  A write of the other constant cannot.
    bool First = true;
    Conditions Common;
    for (uint32_t W : Writers) {
      const Instruction &I = F.Instructions[W];
      llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
      if (I.guarded() || I.op() != Opcode::Mov || Ops.size() != 2)
        return;
      Conditions Here;
      std::optional<uint64_t> C = immediateBits(F, Ops[1]);
      // A predicate moved from one that holds a constant (mov.pred %p, 0).
      if (const Instruction *S = Ops[1].Kind == OperandKind::Register
                                     ? singleWriter(Regs.of(Ops[1]))
                                     : nullptr;
          !C && S && S->op() == Opcode::Mov && S->Operands.Count == 2)
        C = immediateBits(F, F.operands(S->Operands)[1]);
      if (C) {
        if ((*C != 0) != Value)
          continue;
      } else if (Ops[1].Kind == OperandKind::Register) {
        ofPredicate(Regs.of(Ops[1]), Value, Here, Depth + 1);
      } else {
        return;
      }
      dominatingAll(G.blockOf(W), Here, 8, Depth + 1);
      if (First) {
        Common = std::move(Here);
        First = false;
      } else {
        llvm::erase_if(Common, [&](const ValueRange &X) {
          return llvm::none_of(Here, [&](const ValueRange &Y) {
            return X.Reg == Y.Reg && X.Lo == Y.Lo && X.Hi == Y.Hi &&
                   X.AllBut == Y.AllBut && X.Unsigned == Y.Unsigned;
          });
        });
      }
      if (Common.empty())
        return;
    }
    Out.append(Common.begin(), Common.end());
    return;
  }
  const Instruction *W = singleWriter(Reg);
  if (!W)
    return;
  // The predicate itself, when nothing it was computed from resolves: its
  // one writer must run once, or a loop could change it between tests.
  auto Flag = [&] {
    if (!runsOnce(*W))
      return;
    ValueRange R;
    R.Reg = Reg;
    R.Lo = R.Hi = Value;
    R.Unsigned = true;
    Out.push_back(R);
  };
  llvm::ArrayRef<Operand> Ops = F.operands(W->Operands);
  Opcode Op = W->op();
  if (Ops.size() == 2 && Ops[1].Kind == OperandKind::Register &&
      (Op == Opcode::Not || Op == Opcode::Mov)) {
    size_t Before = Out.size();
    ofPredicate(Regs.of(Ops[1]), Op == Opcode::Not ? !Value : Value, Out,
                Depth + 1);
    if (Out.size() == Before)
      Flag();
    return;
  }
  if (Op == Opcode::Setp && !Ops.empty()) {
    // p|q: which of the two Reg is.
    bool Second = false;
    if (Ops[0].Kind == OperandKind::Binary) {
      llvm::ArrayRef<Operand> Pair = F.operands(Ops[0].children());
      Second = Pair.size() == 2 && Regs.of(Pair[1]) == Reg;
    }
    if (auto R = compareRange(F, *W, Regs, Value, Second))
      if (const Instruction *Def = singleWriter(R->Reg);
          Def && runsOnce(*Def)) {
        Out.push_back(*R);
        return;
      }
  }
  Flag();
}

const BranchConditions::Conditions &
BranchConditions::onEdge(const CFGBlock &From, const CFGBlock &To) const {
  uint64_t Key = uint64_t(From.Number) << 32 | To.Number;
  if (auto It = EdgeMemo.find(Key); It != EdgeMemo.end())
    return It->second;
  Conditions C = resolveEdge(From, To);
  return EdgeMemo[Key] = std::move(C);
}

BranchConditions::Conditions
BranchConditions::resolveEdge(const CFGBlock &From, const CFGBlock &To) const {
  Conditions Out;
  if (From.empty() || From.succs().size() != 2 ||
      From.succs()[0] == From.succs()[1])
    return Out;
  uint32_t Last = From.EndInst - 1;
  const Instruction &I = F.Instructions[Last];
  if (I.op() != Opcode::Bra || !I.guarded())
    return Out;
  bool Taken = To.Number != From.Number + 1;
  // The guard holds on the taken edge.
  ofPredicate(Regs.guardOf(Last), Taken != I.pred().Negated, Out);
  return Out;
}

void BranchConditions::dominatingAll(const CFGBlock &B, Conditions &Out,
                                     unsigned Max, unsigned Depth) const {
  if (Depth > 8)
    return;
  for (const CFGBlock *X = &B; X && Out.size() < Max; X = DT.idom(X)) {
    if (X->preds().size() != 1)
      continue;
    const CFGBlock &P = *X->preds()[0];
    if (P.succs().size() != 2 || P.empty())
      continue;
    uint32_t Last = P.EndInst - 1;
    const Instruction &I = F.Instructions[Last];
    if (I.op() != Opcode::Bra || !I.guarded())
      continue;
    ofPredicate(Regs.guardOf(Last),
                (X->Number != P.Number + 1) != I.pred().Negated, Out,
                Depth + 1);
  }
}

void BranchConditions::dominating(
    const CFGBlock &B, llvm::SmallVectorImpl<ValueRange> &Out, unsigned Max,
    llvm::function_ref<bool(uint32_t)> Accept) const {
  for (const CFGBlock *X = &B; X && Out.size() < Max; X = DT.idom(X)) {
    if (X->preds().size() != 1)
      continue;
    const CFGBlock &P = *X->preds()[0];
    if (P.empty() || (Accept && !Accept(P.EndInst - 1)))
      continue;
    const Conditions &E = onEdge(P, *X);
    Out.append(E.begin(), E.end());
  }
}

bool BranchConditions::contradict(llvm::ArrayRef<ValueRange> A,
                                  llvm::ArrayRef<ValueRange> B) {
  for (const ValueRange &X : A)
    for (const ValueRange &Y : B)
      if (ValueRange::disjoint(X, Y))
        return true;
  return false;
}
