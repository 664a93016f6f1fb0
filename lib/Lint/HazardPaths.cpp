//===- HazardPaths.cpp - Paths the ordering lints do not follow -----------===//
//
// The ordering lints are may-analyses: a fact holds where some path makes
// it hold.  A path through branches whose conditions contradict each other
// is not one, and two kinds of it appear in every real kernel:
//
// - Two elect.sync with the same membermask elect the same thread (PTX ISA,
//   elect.sync among the parallel synchronization instructions: "the same
//   leader thread is elected for the same membermask every time").  The thread
//   that issued an MMA under one never takes the side of the other that skips
//   its commit.
// - A counter tested against a constant before an instruction, then moved
//   by constants on the one straight path to a branch on it: the branch's
//   other side is not taken after the instruction (a store in a loop's last
//   trip never reaches the back edge).
//
// Each such edge kills the facts of the instructions it cannot follow.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"

#include "tcgen05/Analysis/BranchConditions.h"
#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace tcgen05;

namespace {

/// An elect.sync predicate a branch tests: the elect's membermask, and the
/// successor the elected thread takes.
struct ElectBranch {
  const CFGBlock *Block;
  uint64_t Mask;
  const CFGBlock *Elected, *Other;
  /// What must hold for the elected thread to take Elected: the conditions
  /// of the way to these blocks, which copied elect's predicate (nvcc -G's
  /// `cond && elect_one_sync()`); found when a fact asks.
  llvm::SmallVector<const CFGBlock *, 1> Requires;
};

/// A predicate resolved to an elect.sync: its membermask, whether the
/// predicate being the value asked about means the thread is elected, and
/// what must hold for that (see ElectBranch).
struct ElectCond {
  uint64_t Mask;
  bool Elected;
  llvm::SmallVector<const CFGBlock *, 1> Requires;
};

class PathFacts {
public:
  explicit PathFacts(const HazardFunction &C)
      : C(C), Regs(C.U.registers()), Conds(C.F, C.G, C.DT, Regs) {}

  const Instruction *writer(uint32_t Reg) const {
    return Conds.singleWriter(Reg);
  }

  /// Resolves predicate Reg being Value to an elect.sync's predicate:
  /// the elect's mask key, and whether Value means the thread is elected.
  std::optional<ElectCond> electOf(uint32_t Reg, bool Value, unsigned Depth = 0,
                                   uint32_t At = ~0u) const {
    // The write that reaches At from earlier in its block (an inline-asm
    // block's own %px, declared in every copy of the block), else the one
    // write.
    if (Depth > 8 || Reg == RegisterNumbering::None)
      return std::nullopt;
    if (At == ~0u && Regs.writers(Reg).size() > 1)
      return electOfCopies(Reg, Value, Depth);
    const Instruction *W = At == ~0u ? writer(Reg) : writeBefore(Reg, At);
    if (!W)
      return std::nullopt;
    Opcode Op = W->op();
    llvm::ArrayRef<Operand> Ops = C.F.operands(W->Operands);
    auto Source = [&](size_t K) {
      return K < Ops.size() && Ops[K].Kind == OperandKind::Register
                 ? Regs.of(Ops[K])
                 : RegisterNumbering::None;
    };
    if ((Op == Opcode::Not || Op == Opcode::Mov) && Ops.size() == 2)
      return electOf(Source(1), Op == Opcode::Not ? !Value : Value, Depth + 1);
    if (Op == Opcode::Setp && Ops.size() == 3) {
      // setp.ne r, 0 / setp.eq r, 0 of a flag r: the range the compare
      // puts r in is 0, or all but 0.
      std::optional<ValueRange> R = compareRange(C.F, *W, Regs, Value, false);
      if (!R || R->Lo != 0 || R->Hi != 0 || R->Reg != Source(1))
        return std::nullopt;
      bool NonZero = R->AllBut;
      // Through the copies of the flag (nvcc -G moves it into another
      // register before the compare).
      uint32_t FlagReg = Source(1);
      for (unsigned Hops = 0; Hops < 4; ++Hops) {
        const Instruction *Copy = writer(FlagReg);
        if (!Copy || Copy->op() != Opcode::Mov || Copy->Operands.Count != 2 ||
            C.F.operands(Copy->Operands)[1].Kind != OperandKind::Register)
          break;
        FlagReg = Regs.of(C.F.operands(Copy->Operands)[1]);
      }
      if (auto Flag = flagOf(FlagReg))
        return electOf(Flag->Pred, Flag->Value == NonZero, Depth + 1,
                       Flag->Set);
      const Instruction *S = writer(Source(1));
      if (!S || S->op() != Opcode::Selp)
        return std::nullopt;
      llvm::ArrayRef<Operand> SOps = C.F.operands(S->Operands);
      std::optional<uint64_t> A =
          immediateBits(C.F, SOps.size() == 4 ? SOps[1] : SOps[0]);
      std::optional<uint64_t> B =
          immediateBits(C.F, SOps.size() == 4 ? SOps[2] : SOps[0]);
      if (SOps.size() != 4 || !A || !B ||
          SOps[3].Kind != OperandKind::Register || (*A != 0) == (*B != 0))
        return std::nullopt;
      bool P = *A != 0 ? NonZero : !NonZero;
      return electOf(Regs.of(SOps[3]), P, Depth + 1);
    }
    if (Op != Opcode::Elect || Ops.size() != 2 ||
        Ops[0].Kind != OperandKind::Binary)
      return std::nullopt;
    llvm::ArrayRef<Operand> Pair = C.F.operands(Ops[0].children());
    if (Pair.size() != 2 || Regs.of(Pair[1]) != Reg)
      return std::nullopt;
    uint64_t Key;
    if (std::optional<uint64_t> Mask =
            constantOf(Ops[1], W - C.F.Instructions.data()))
      Key = *Mask & 0xffffffffu;
    else if (uint32_t M = Source(1); M != RegisterNumbering::None && writer(M))
      Key = uint64_t(1) << 40 | M;
    else
      return std::nullopt;
    return ElectCond{Key, Value, {}};
  }

  /// A predicate several moves write: false (a constant) on the ways that
  /// skip the condition, a copy of an elect's predicate on the one that
  /// takes it.  The elected thread has it set where the conditions of the
  /// way to that copy hold.
  std::optional<ElectCond> electOfCopies(uint32_t Reg, bool Value,
                                         unsigned Depth) const {
    std::optional<uint32_t> Copy;
    llvm::ArrayRef<uint32_t> Writers = Regs.writers(Reg);
    for (uint32_t W : Writers) {
      const Instruction &I = C.F.Instructions[W];
      if (I.guarded() || I.op() != Opcode::Mov || I.Operands.Count != 2)
        return std::nullopt;
      const Operand &Src = C.F.operands(I.Operands)[1];
      if (std::optional<uint64_t> K = constantOf(Src, W)) {
        if (*K != 0)
          return std::nullopt;
        continue;
      }
      if (Copy)
        return std::nullopt;
      Copy = W;
    }
    if (!Copy)
      return std::nullopt;
    // The constant writes come first, on every way to the copy.
    const CFGBlock &CopyBlock = C.G.blockOf(*Copy);
    for (uint32_t W : Writers)
      if (W != *Copy && !C.DT.dominates(&C.G.blockOf(W), &CopyBlock))
        return std::nullopt;
    const Instruction &I = C.F.Instructions[*Copy];
    std::optional<ElectCond> E =
        electOf(Regs.of(C.F.operands(I.Operands)[1]), Value, Depth + 1);
    if (!E)
      return std::nullopt;
    E->Requires.push_back(&CopyBlock);
    return E;
  }

  /// The value of an immediate, or of a register whose one write moves an
  /// immediate into it.
  std::optional<uint64_t> constantOf(const Operand &O, uint32_t At) const {
    if (std::optional<uint64_t> V = immediateBits(C.F, O))
      return V;
    if (O.Kind != OperandKind::Register)
      return std::nullopt;
    const Instruction *W = writeBefore(Regs.of(O), At);
    if (!W || W->op() != Opcode::Mov || W->Operands.Count != 2)
      return std::nullopt;
    return immediateBits(C.F, C.F.operands(W->Operands)[1]);
  }

  /// A flag set under a predicate, as CUTLASS's elect_one_sync() writes it:
  /// `mov r, 0; @p mov r, 1` in one block.  The predicate, and the value
  /// it has where r is non-zero.
  struct Flag {
    uint32_t Pred; ///< The predicate.
    bool Value;    ///< Its value where the flag is non-zero.
    uint32_t Set;  ///< The guarded write.
  };
  std::optional<Flag> flagOf(uint32_t Reg) const {
    if (Reg == RegisterNumbering::None)
      return std::nullopt;
    llvm::ArrayRef<uint32_t> W = Regs.writers(Reg);
    if (W.size() != 2 || &C.G.blockOf(W[0]) != &C.G.blockOf(W[1]))
      return std::nullopt;
    const Instruction &Clear = C.F.Instructions[W[0]];
    const Instruction &Set = C.F.Instructions[W[1]];
    if (Clear.guarded() || !Set.guarded() || Clear.op() != Opcode::Mov ||
        Set.op() != Opcode::Mov || Clear.Operands.Count != 2 ||
        Set.Operands.Count != 2)
      return std::nullopt;
    std::optional<uint64_t> Zero =
        constantOf(C.F.operands(Clear.Operands)[1], W[0]);
    std::optional<uint64_t> One =
        constantOf(C.F.operands(Set.Operands)[1], W[1]);
    uint32_t P = Regs.guardOf(W[1]);
    if (Zero != uint64_t(0) || !One || *One == 0 ||
        P == RegisterNumbering::None)
      return std::nullopt;
    return Flag{P, !Set.pred().Negated, W[1]};
  }

  /// The unguarded write of Reg last before At in At's block, or nullptr.
  const Instruction *writeBefore(uint32_t Reg, uint32_t At) const {
    if (Reg == RegisterNumbering::None)
      return nullptr;
    const CFGBlock &B = C.G.blockOf(At);
    const Instruction *Found = nullptr;
    for (uint32_t W : Regs.writers(Reg))
      if (W >= B.FirstInst && W < At)
        Found = &C.F.Instructions[W];
    return Found && !Found->guarded() ? Found : writer(Reg);
  }

  /// The conditional branches on an elect.sync predicate.
  std::vector<ElectBranch> electBranches() const {
    std::vector<ElectBranch> Out;
    for (const CFGBlock &B : C.G) {
      if (B.empty() || B.succs().size() != 2 || B.succs()[0] == B.succs()[1])
        continue;
      uint32_t Last = B.EndInst - 1;
      const Instruction &I = C.F.Instructions[Last];
      if (I.op() != Opcode::Bra || !I.guarded())
        continue;
      // The taken side is where the guard holds.
      const CFGBlock *Fall =
          B.succs()[0]->Number == B.Number + 1 ? B.succs()[0] : B.succs()[1];
      const CFGBlock *Taken =
          Fall == B.succs()[0] ? B.succs()[1] : B.succs()[0];
      auto E = electOf(Regs.guardOf(Last), !I.pred().Negated);
      if (!E)
        continue;
      // E->Elected: the guard holding means elected.
      Out.push_back({&B, E->Mask, E->Elected ? Taken : Fall,
                     E->Elected ? Fall : Taken, std::move(E->Requires)});
    }
    return Out;
  }

  /// The mask of the elect.sync whose elected thread alone runs I, if one
  /// does: I's own guard, or a branch whose elected side dominates I.
  std::optional<uint64_t>
  electedFor(uint32_t I, llvm::ArrayRef<ElectBranch> Branches) const {
    const Instruction &Inst = C.F.Instructions[I];
    if (Inst.guarded())
      if (auto E = electOf(Regs.guardOf(I), !Inst.pred().Negated);
          E && E->Elected && E->Requires.empty())
        return E->Mask;
    return electedBlock(C.G.blockOf(I), Branches);
  }

  /// The mask of the elect whose elected side dominates B, memoized by
  /// block: the walk up the dominator tree is shared by the blocks below.
  std::optional<uint64_t>
  electedBlock(const CFGBlock &B, llvm::ArrayRef<ElectBranch> Branches) const {
    if (BlockMask.empty()) {
      BlockMask.assign(C.G.size(), Unknown);
      for (const ElectBranch &E : Branches)
        if (E.Requires.empty())
          ElectedSide.try_emplace(E.Elected->Number, E.Mask);
    }
    llvm::SmallVector<uint32_t, 16> Path;
    std::optional<uint64_t> Found;
    for (const CFGBlock *X = &B; X; X = C.DT.idom(X)) {
      if (BlockMask[X->Number] != Unknown) {
        if (BlockMask[X->Number] != NoMask)
          Found = BlockMask[X->Number];
        break;
      }
      Path.push_back(X->Number);
      auto It = X->preds().size() == 1 ? ElectedSide.find(X->Number)
                                       : ElectedSide.end();
      if (It != ElectedSide.end()) {
        Found = It->second;
        break;
      }
    }
    for (uint32_t N : Path)
      BlockMask[N] = Found ? *Found : NoMask;
    return Found;
  }

  /// Whether every condition of Requires holds where I runs: each is one
  /// of the conditions of the way to I.
  bool holdsAt(llvm::ArrayRef<const CFGBlock *> Blocks, uint32_t I) const {
    if (Blocks.empty())
      return true;
    // Memoized by the blocks asked about: a branch is asked about for
    // every fact, a fact's block by every branch.
    BranchConditions::Conditions &Requires = RequiredAt[Blocks.front()->Number];
    if (Requires.empty())
      for (const CFGBlock *B : Blocks)
        Conds.dominating(*B, Requires);
    // A way to the copy that no condition tells apart from the others.
    if (Requires.empty())
      return false;
    uint32_t Home = C.G.blockOf(I).Number;
    auto [It, New] = HoldsIn.try_emplace(Home);
    if (New)
      Conds.dominating(C.G.block(Home), It->second, 16);
    const BranchConditions::Conditions &Here = It->second;
    return llvm::all_of(Requires, [&](const ValueRange &R) {
      return llvm::any_of(Here, [&](const ValueRange &H) {
        return H.Reg == R.Reg && H.Lo == R.Lo && H.Hi == R.Hi &&
               H.AllBut == R.AllBut && H.Unsigned == R.Unsigned;
      });
    });
  }

  static constexpr unsigned MaxChain = 64;

  /// The edge a counter makes untaken after I: I runs where a register
  /// equals a constant (the edge into its block says so), and on the one
  /// path from I, that register moves by constants up to a branch it
  /// decides.
  std::optional<std::pair<const CFGBlock *, const CFGBlock *>>
  counterDecided(uint32_t I) const {
    const CFGBlock &Home = C.G.blockOf(I);
    // The condition on the way into I's block, from a setp in the
    // predecessor.
    // A chain of blocks that only lead into each other may close into a
    // loop (`$L: bra $L;`): it has no such edge.  A long one is not
    // followed: each operation's walk up it made a chain of operations
    // quadratic, and a counter's test sits a few blocks above its uses.
    const CFGBlock *X = &Home;
    for (unsigned Steps = 0;
         X->preds().size() == 1 && X->preds()[0]->succs().size() == 1;
         X = X->preds()[0])
      if (++Steps > MaxChain)
        return std::nullopt;
    if (X->preds().size() != 1)
      return std::nullopt;
    const CFGBlock &P = *X->preds()[0];
    if (P.empty() || P.succs().size() != 2)
      return std::nullopt;
    uint32_t Branch = P.EndInst - 1;
    const Instruction &BI = C.F.Instructions[Branch];
    if (BI.op() != Opcode::Bra || !BI.guarded())
      return std::nullopt;
    uint32_t Guard = Regs.guardOf(Branch);
    uint32_t SetpAt = lastWriterIn(Guard, P.FirstInst, Branch);
    if (SetpAt == ~0u)
      return std::nullopt;
    bool Taken = X->Number != P.Number + 1;
    auto R = compareRange(C.F, C.F.Instructions[SetpAt], Regs,
                          Taken != BI.pred().Negated, false);
    if (!R || R->AllBut || R->Lo != R->Hi)
      return std::nullopt;
    // The counter keeps that value up to I.
    uint32_t Counter = R->Reg;
    if (lastWriterIn(Counter, SetpAt + 1, Branch) != ~0u)
      return std::nullopt;
    for (const CFGBlock *Y = &Home;; Y = Y->preds()[0]) {
      uint32_t End = Y == &Home ? I : Y->EndInst;
      if (lastWriterIn(Counter, Y->FirstInst, End) != ~0u)
        return std::nullopt;
      if (Y == X)
        break;
    }
    // Along the one path from I: the counter's value, and the predicates
    // compared with it.
    int64_t Value = R->Lo;
    llvm::DenseMap<uint32_t, bool> Known;
    const CFGBlock *B = &Home;
    uint32_t From = I + 1;
    for (unsigned Blocks = 0; Blocks < 64; ++Blocks) {
      for (uint32_t K = From; K < B->EndInst; ++K) {
        if (!step(K, Counter, Value, Known))
          return std::nullopt;
      }
      if (B->succs().size() == 1) {
        B = B->succs()[0];
        From = B->FirstInst;
        continue;
      }
      if (B->succs().size() != 2 || B->empty())
        return std::nullopt;
      uint32_t Last = B->EndInst - 1;
      const Instruction &L = C.F.Instructions[Last];
      // No register number is no key: DenseMap keeps ~0u for its empty slots.
      uint32_t Guard = Regs.guardOf(Last);
      if (Guard == RegisterNumbering::None)
        return std::nullopt;
      auto It = Known.find(Guard);
      if (L.op() != Opcode::Bra || !L.guarded() || It == Known.end())
        return std::nullopt;
      bool Holds = It->second != L.pred().Negated;
      const CFGBlock *Fall = B->succs()[0]->Number == B->Number + 1
                                 ? B->succs()[0]
                                 : B->succs()[1];
      const CFGBlock *TakenSide =
          Fall == B->succs()[0] ? B->succs()[1] : B->succs()[0];
      const CFGBlock *Dead = Holds ? Fall : TakenSide;
      const CFGBlock *Live = Holds ? TakenSide : Fall;
      // Only the first arrival is decided: the fact must not come back to
      // the branch through its live side.
      if (returnsTo(Live, B))
        return std::nullopt;
      return std::make_pair(B, Dead);
    }
    return std::nullopt;
  }

private:
  /// The last instruction in [Begin, End) writing Reg, or ~0u.
  uint32_t lastWriterIn(uint32_t Reg, uint32_t Begin, uint32_t End) const {
    if (Reg == RegisterNumbering::None)
      return ~0u;
    // Writers are ascending: the last one before End, if at or after Begin.
    llvm::ArrayRef<uint32_t> Ws = Regs.writers(Reg);
    const auto *It = std::lower_bound(Ws.begin(), Ws.end(), End);
    return It != Ws.begin() && *std::prev(It) >= Begin ? *std::prev(It) : ~0u;
  }

  /// Applies instruction K to the counter's value and the known
  /// predicates; false when the counter's value is lost.
  bool step(uint32_t K, uint32_t Counter, int64_t &Value,
            llvm::DenseMap<uint32_t, bool> &Known) const {
    const Instruction &Inst = C.F.Instructions[K];
    llvm::ArrayRef<Operand> Ops = C.F.operands(Inst.Operands);
    unsigned Mask = Regs.writtenMask(K);
    bool WritesCounter = false;
    forEachInstructionWrittenOperand(C.F, Inst, Mask, [&](const Operand &O) {
      uint32_t R = Regs.of(O);
      WritesCounter |= R == Counter;
      if (R != RegisterNumbering::None)
        Known.erase(R);
    });
    if (WritesCounter) {
      Opcode Op = Inst.op();
      if (Inst.guarded() || Ops.size() < 2)
        return false;
      if (Op == Opcode::Mov && Ops.size() == 2 && immediateBits(C.F, Ops[1])) {
        Value = static_cast<int64_t>(*immediateBits(C.F, Ops[1]));
        return true;
      }
      if ((Op == Opcode::Add || Op == Opcode::Sub) && Ops.size() == 3 &&
          Regs.of(Ops[1]) == Counter && immediateBits(C.F, Ops[2])) {
        int64_t D = static_cast<int64_t>(*immediateBits(C.F, Ops[2]));
        // Immediates of 32-bit types are written as their bits.
        if (D > INT32_MAX && D <= int64_t(UINT32_MAX))
          D -= int64_t(1) << 32;
        // Wrapping, as the register does.
        uint64_t V = static_cast<uint64_t>(Value), U = static_cast<uint64_t>(D);
        Value = static_cast<int64_t>(Op == Opcode::Add ? V + U : V - U);
        return true;
      }
      return false;
    }
    if (Inst.op() == Opcode::Setp && !Inst.guarded() && !Ops.empty() &&
        Ops[0].Kind == OperandKind::Register) {
      if (auto R = compareRange(C.F, Inst, Regs, true, false);
          R && R->Reg == Counter &&
          Regs.of(Ops[0]) != RegisterNumbering::None) {
        bool In = R->AllBut ? Value != R->Lo : Value >= R->Lo && Value <= R->Hi;
        Known[Regs.of(Ops[0])] = In;
      }
    }
    return true;
  }

  /// Whether a path leads from Succ, a successor of B, back to B: both lie
  /// in one strongly connected component (a search from Succ for each
  /// counter's branch was quadratic in the blocks).
  bool returnsTo(const CFGBlock *Succ, const CFGBlock *B) const {
    if (Component.empty())
      Component = BranchConditions::components(C.G);
    return Component[Succ->Number] == Component[B->Number];
  }

  const HazardFunction &C;
  const RegisterNumbering &Regs;
  BranchConditions Conds;
  /// BranchConditions::components, once asked for.
  mutable std::vector<uint32_t> Component;
  /// electedBlock's answers by block; masks are below 2^41.
  static constexpr uint64_t Unknown = ~uint64_t(0), NoMask = ~uint64_t(1);
  mutable std::vector<uint64_t> BlockMask;
  /// The elected side of each elect branch, by block: its mask.
  mutable llvm::DenseMap<uint32_t, uint64_t> ElectedSide;
  /// holdsAt's conditions: of the way to a copy block, and to a fact's.
  mutable llvm::DenseMap<uint32_t, BranchConditions::Conditions> RequiredAt,
      HoldsIn;
};

} // namespace

/// What the infeasible edges of every model of one function read.
struct tcgen05::PathIndex {
  explicit PathIndex(const HazardFunction &C)
      : P(C), Elects(P.electBranches()) {}
  PathFacts P;
  std::vector<ElectBranch> Elects;
};

namespace {

uint64_t edgeKey(const CFGBlock &From, const CFGBlock &To) {
  return uint64_t(From.Number) << 32 | To.Number;
}

} // namespace

InfeasibleEdges::InfeasibleEdges(const HazardFunction &C,
                                 llvm::ArrayRef<uint32_t> FactInst) {
  if (FactInst.empty())
    return;
  if (!C.Cache.Paths)
    C.Cache.Paths = std::make_shared<PathIndex>(C);
  const PathFacts &P = C.Cache.Paths->P;
  const std::vector<ElectBranch> &Elects = C.Cache.Paths->Elects;
  auto KillsOn = [&](const CFGBlock &From,
                     const CFGBlock &To) -> llvm::BitVector & {
    llvm::BitVector &K = Kills[edgeKey(From, To)];
    if (K.empty())
      K.resize(FactInst.size());
    if (From.Number >= HasKills.size())
      HasKills.resize(C.G.size());
    HasKills.set(From.Number);
    return K;
  };
  auto Kill = [&](const CFGBlock &From, const CFGBlock &To, unsigned Fact) {
    KillsOn(From, To).set(Fact);
  };
  // The facts each mask's elected thread makes; a load's results share
  // their instruction's answers.  Keyed by any 64-bit mask the text gives:
  // a DenseMap keeps two of them for its empty and removed slots.
  std::map<uint64_t, llvm::BitVector> ElectedFacts;
  std::optional<uint64_t> Mask;
  std::optional<std::pair<const CFGBlock *, const CFGBlock *>> Counter;
  uint32_t AnswersOf = ~0u;
  for (unsigned Fact = 0; Fact < FactInst.size(); ++Fact) {
    uint32_t I = FactInst[Fact];
    if (I >= C.F.Instructions.size())
      continue;
    if (I != AnswersOf) {
      AnswersOf = I;
      Mask = Elects.empty() ? std::nullopt : P.electedFor(I, Elects);
      Counter = P.counterDecided(I);
    }
    if (Mask) {
      llvm::BitVector &Facts = ElectedFacts[*Mask];
      if (Facts.empty())
        Facts.resize(FactInst.size());
      Facts.set(Fact);
    }
    if (Counter)
      Kill(*Counter->first, *Counter->second, Fact);
  }
  // The side of each elect branch that skips the elected thread kills what
  // it made: all of it, or, behind a condition (nvcc -G's `cond && elect`),
  // what it made where the condition held.
  for (const ElectBranch &B : Elects) {
    auto It = ElectedFacts.find(B.Mask);
    if (It == ElectedFacts.end())
      continue;
    if (B.Requires.empty()) {
      KillsOn(*B.Block, *B.Other) |= It->second;
      continue;
    }
    for (unsigned Fact : It->second.set_bits())
      if (P.holdsAt(B.Requires, FactInst[Fact]))
        Kill(*B.Block, *B.Other, Fact);
  }
}

const llvm::BitVector *InfeasibleEdges::kills(const CFGBlock &From,
                                              const CFGBlock &To) const {
  if (From.Number >= HasKills.size() || !HasKills.test(From.Number))
    return nullptr;
  auto It = Kills.find(edgeKey(From, To));
  return It == Kills.end() ? nullptr : &It->second;
}
