//===- WarpRoles.cpp - Which warps execute each block ---------------------===//

#include "tcgen05/Analysis/WarpRoles.h"

#include "tcgen05/Analysis/BranchConditions.h"
#include "tcgen05/Analysis/Dataflow.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>

using namespace tcgen05;

namespace {

WarpSet unite(WarpSet A, WarpSet B) {
  return {{A.Warps[0] | B.Warps[0], A.Warps[1] | B.Warps[1]}};
}
WarpSet intersect(WarpSet A, WarpSet B) {
  return {{A.Warps[0] & B.Warps[0], A.Warps[1] & B.Warps[1]}};
}

llvm::BitVector bitsOf(WarpSet S) {
  llvm::BitVector B(64);
  for (unsigned R = 0; R < 2; ++R)
    for (unsigned W = 0; W < 32; ++W)
      if (S.Warps[R] & (1u << W))
        B.set(R * 32 + W);
  return B;
}

WarpSet setOf(const llvm::BitVector &B) {
  WarpSet S;
  for (unsigned K : B.set_bits())
    S.Warps[K / 32] |= 1u << (K % 32);
  return S;
}

std::string warpList(uint32_t Warps) {
  if (!Warps)
    return "none";
  std::string Out;
  for (unsigned W = 0; W < 32;) {
    if (!(Warps & (1u << W))) {
      ++W;
      continue;
    }
    unsigned End = W;
    while (End + 1 < 32 && (Warps & (1u << (End + 1))))
      ++End;
    if (!Out.empty())
      Out += ", ";
    Out += std::to_string(W);
    if (End > W)
      Out += (End == W + 1 ? ", " : "-") + std::to_string(End);
    W = End + 1;
  }
  return Out;
}

/// The dataflow problem: a block passes its pairs on unchanged; a
/// conditional branch's edges pass on only those its condition allows.
struct Problem {
  using State = llvm::BitVector;
  llvm::BitVector Boundary;
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, llvm::BitVector> Kills;
  State boundary() { return Boundary; }
  uint64_t transfer(const CFGBlock &B, State &) {
    return B.EndInst - B.FirstInst + 1;
  }
  const llvm::BitVector *edgeKills(const CFGBlock &From, const CFGBlock &To) {
    auto It = Kills.find({From.Number, To.Number});
    return It == Kills.end() ? nullptr : &It->second;
  }
};

} // namespace

std::string WarpSet::str() const {
  if (Warps[0] == Warps[1])
    return "warps " + warpList(Warps[0]);
  return "rank 0: warps " + warpList(Warps[0]) + "; rank 1: warps " +
         warpList(Warps[1]);
}

unsigned WarpRoles::warpsOf(const Module &M, const Function &F) {
  std::optional<uint64_t> Req, Max;
  for (uint32_t D : F.PerfDirectives) {
    if (D >= M.Directives.size())
      continue;
    const DirectiveStmt &S = M.Directives[D];
    llvm::StringRef Name = S.Name.text();
    if (Name != ".reqntid" && Name != ".maxntid")
      continue;
    uint64_t Threads = 1;
    bool Known = true;
    for (const Operand &O : M.operands(S.Operands)) {
      if (O.Kind != OperandKind::Integer) {
        Known = false;
        break;
      }
      Threads *= O.value();
    }
    if (!Known || !Threads)
      continue;
    (Name == ".reqntid" ? Req : Max) = Threads;
  }
  std::optional<uint64_t> Threads = Req ? Req : Max;
  if (!Threads)
    return 32;
  return static_cast<unsigned>(
      std::min<uint64_t>(32, std::max<uint64_t>(1, (*Threads + 31) / 32)));
}

WarpSet WarpRoles::all() const {
  uint32_t Warps = NumWarps >= 32 ? ~0u : (1u << NumWarps) - 1;
  return {{Warps, Warps}};
}

std::optional<std::vector<uint32_t>>
WarpRoles::valuesOf(const Operand &O, bool Rank, unsigned Depth) const {
  // Units: the threads of the CTA (thread T in warp T / 32), or the two
  // CTAs of a pair.
  unsigned Units = Rank ? 2 : NumWarps * 32;
  std::vector<uint32_t> Out(Units);
  WarpPosition P = Rank ? WarpPosition::None : U.warpPosition(O);
  if (Rank ? O.text() == "%cluster_ctarank"
           : O.text() == "%tid.x" || O.text() == "%laneid" ||
                 P == WarpPosition::Index || P == WarpPosition::Quarter) {
    for (unsigned K = 0; K < Units; ++K)
      Out[K] = Rank                         ? K
               : O.text() == "%tid.x"       ? K
               : O.text() == "%laneid"      ? K % 32
               : P == WarpPosition::Quarter ? K / 32 % 4
                                            : K / 32;
    return Out;
  }
  const RegisterNumbering &Regs = U.registers();
  if (O.Kind != OperandKind::Register || Depth > 8)
    return std::nullopt;
  uint32_t Id = Regs.of(O);
  if (Id == RegisterNumbering::None || Regs.writers(Id).size() != 1)
    return std::nullopt;
  const Instruction &Def = F.Instructions[Regs.writers(Id).front()];
  llvm::ArrayRef<Operand> Ops = F.operands(Def.Operands);
  if (Def.guarded() || Ops.size() < 2)
    return std::nullopt;
  Opcode Op = Def.op();
  if ((Op == Opcode::Mov || Op == Opcode::Cvt) && Ops.size() == 2)
    return valuesOf(Ops[1], Rank, Depth + 1);
  // shfl.sync.idx d, a, lane, c, mask with an immediate lane: each thread
  // gets a's value of that lane of its warp (CUTLASS's broadcast of the
  // warp or warpgroup index from lane 0).
  llvm::ArrayRef<Span> Quals = F.qualifiers(Def.Qualifiers);
  if (Op == Opcode::Shfl && !Rank && Ops.size() == 5 &&
      llvm::any_of(Quals, [](const Span &Q) { return Q.text() == ".idx"; })) {
    std::optional<uint64_t> Lane = immediateBits(F, Ops[2]);
    std::optional<std::vector<uint32_t>> In = valuesOf(Ops[1], Rank, Depth + 1);
    if (!Lane || *Lane > 31 || !In)
      return std::nullopt;
    for (unsigned K = 0; K < Units; ++K)
      Out[K] = (*In)[K / 32 * 32 + *Lane];
    return Out;
  }
  if (Ops.size() != 3)
    return std::nullopt;
  // One operand a function of the unit, the other an immediate.
  bool Commutes = Op == Opcode::Add || Op == Opcode::Mul || Op == Opcode::And ||
                  Op == Opcode::Or || Op == Opcode::Xor;
  const Operand *Var = &Ops[1], *Imm = &Ops[2];
  if (!immediateBits(F, *Imm) && Commutes)
    std::swap(Var, Imm);
  std::optional<uint64_t> ImmValue = immediateBits(F, *Imm);
  if (!ImmValue)
    return std::nullopt;
  std::optional<std::vector<uint32_t>> In = valuesOf(*Var, Rank, Depth + 1);
  if (!In)
    return std::nullopt;
  auto C = static_cast<uint32_t>(*ImmValue);
  for (unsigned K = 0; K < Units; ++K) {
    uint32_t X = (*In)[K];
    switch (Op) {
    case Opcode::Add:
      Out[K] = X + C;
      break;
    case Opcode::Sub:
      Out[K] = X - C;
      break;
    case Opcode::Mul:
      Out[K] = X * C;
      break;
    case Opcode::And:
      Out[K] = X & C;
      break;
    case Opcode::Or:
      Out[K] = X | C;
      break;
    case Opcode::Xor:
      Out[K] = X ^ C;
      break;
    case Opcode::Shl:
      Out[K] = C < 32 ? X << C : 0;
      break;
    case Opcode::Shr:
      Out[K] = C < 32 ? X >> C : 0;
      break;
    case Opcode::Div:
      if (!C)
        return std::nullopt;
      Out[K] = X / C;
      break;
    case Opcode::Rem:
      if (!C)
        return std::nullopt;
      Out[K] = X % C;
      break;
    default:
      return std::nullopt;
    }
  }
  return Out;
}

WarpRoles::Split WarpRoles::splitOf(uint32_t Reg, unsigned Depth) const {
  const RegisterNumbering &Regs = U.registers();
  Split Unknown{all(), all()};
  if (Reg == RegisterNumbering::None || Depth > 8)
    return Unknown;
  llvm::ArrayRef<uint32_t> Writers = Regs.writers(Reg);
  if (Writers.size() != 1)
    return Unknown;
  const Instruction &Def = F.Instructions[Writers.front()];
  if (Def.guarded())
    return Unknown;
  llvm::ArrayRef<Operand> Ops = F.operands(Def.Operands);
  llvm::ArrayRef<Span> Quals = F.qualifiers(Def.Qualifiers);
  auto Plain = [&](const Operand &O) {
    return O.Kind == OperandKind::Register;
  };
  switch (Def.op()) {
  case Opcode::Setp: {
    // setp.cmp.type p, a, b of a register and an immediate: the values of
    // the register for which p is true, and those for which it is false.
    if (Ops.size() != 3 || !Plain(Ops[0]))
      return Unknown;
    std::optional<ValueRange> T = compareRange(F, Def, Regs, true, false);
    std::optional<ValueRange> Fl = compareRange(F, Def, Regs, false, false);
    if (!T || !Fl)
      return Unknown;
    const Operand &V = Regs.of(Ops[1]) == T->Reg ? Ops[1] : Ops[2];
    Split Out;
    auto Add = [&](unsigned R, unsigned W, uint32_t Value) {
      if (T->contains(Value))
        Out.True.Warps[R] |= 1u << W;
      if (Fl->contains(Value))
        Out.False.Warps[R] |= 1u << W;
    };
    // A function of the thread's index (a warp may hold threads for which
    // p is true and threads for which it is false), or of the CTA's rank in
    // its pair, known for each.
    for (bool Rank : {false, true})
      if (std::optional<std::vector<uint32_t>> Values = valuesOf(V, Rank)) {
        for (unsigned R = 0; R < 2; ++R)
          for (unsigned W = 0; W < NumWarps; ++W)
            for (unsigned L = 0; L < (Rank ? 1 : 32); ++L)
              Add(R, W, (*Values)[Rank ? R : 32 * W + L]);
        return Out;
      }
    return Unknown;
  }
  case Opcode::And:
  case Opcode::Or: {
    if (Quals.size() != 1 || Quals[0].text() != ".pred" || Ops.size() != 3 ||
        !Plain(Ops[1]) || !Plain(Ops[2]))
      return Unknown;
    Split A = splitOf(Regs.of(Ops[1]), Depth + 1);
    Split B = splitOf(Regs.of(Ops[2]), Depth + 1);
    if (Def.op() == Opcode::And)
      return {intersect(A.True, B.True), unite(A.False, B.False)};
    return {unite(A.True, B.True), intersect(A.False, B.False)};
  }
  case Opcode::Not:
  case Opcode::Mov: {
    if (Quals.size() != 1 || Quals[0].text() != ".pred" || Ops.size() != 2 ||
        !Plain(Ops[1]))
      return Unknown;
    Split A = splitOf(Regs.of(Ops[1]), Depth + 1);
    return Def.op() == Opcode::Not ? Split{A.False, A.True} : A;
  }
  default:
    return Unknown;
  }
}

WarpRoles::WarpRoles(const Function &F, const ControlFlowGraph &G,
                     const UniformityInfo &U, unsigned NumWarps)
    : F(F), G(G), U(U), NumWarps(std::clamp(NumWarps, 1u, 32u)),
      Reach(G.size()) {
  Problem P;
  P.Boundary = bitsOf(all());
  for (const CFGBlock &B : G) {
    if (B.empty() || B.succs().size() != 2 || B.succs()[0] == B.succs()[1])
      continue;
    uint32_t Branch = B.EndInst - 1;
    const Instruction &Bra = F.Instructions[Branch];
    if (Bra.op() != Opcode::Bra || !Bra.guarded())
      continue;
    Split S = splitOf(U.registers().guardOf(Branch));
    if (S.True == all() && S.False == all())
      continue;
    Specialized = true;
    for (const CFGBlock *To : B.succs()) {
      bool Taken = To->Number != B.Number + 1;
      bool PredTrue = Taken != Bra.pred().Negated;
      llvm::BitVector Kill = P.Boundary;
      Kill.reset(bitsOf(PredTrue ? S.True : S.False));
      P.Kills[{B.Number, To->Number}] = std::move(Kill);
    }
  }
  DataflowSolver<Problem, UnionBitStates<Problem>> Solver(
      G, P, DataflowDirection::Forward);
  // Reachability with kills settles in a few passes; past this budget
  // every block keeps every pair, which claims nothing.
  uint64_t Budget = 64 * (uint64_t(G.size()) + uint64_t(F.Instructions.size()));
  if (!Solver.run(Budget)) {
    Specialized = false;
    Reach.assign(G.size(), all());
    return;
  }
  llvm::BitVector S;
  for (const CFGBlock &B : G)
    if (Solver.states().reached(B.Number)) {
      Solver.states().load(B.Number, S);
      Reach[B.Number] = setOf(S);
    }
}

WarpSet WarpRoles::atInstruction(uint32_t I) const {
  WarpSet S = at(G.blockOf(I));
  const Instruction &Inst = F.Instructions[I];
  if (!Inst.guarded())
    return S;
  Split Guard = splitOf(U.registers().guardOf(I));
  return intersect(S, Inst.pred().Negated ? Guard.False : Guard.True);
}
