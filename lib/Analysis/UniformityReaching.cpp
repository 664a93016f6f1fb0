//===- UniformityReaching.cpp - A branch's guard from the writes it sees
//---===//
//
// The flow-insensitive classification gives a register one kind for all
// its writes.  Compiler output reuses a register for unrelated values: a
// CUTLASS group scheduler adds the lane to a register in its search loop,
// then keeps the shfl.sync broadcast of the winner in the same register,
// and the branch on the broadcast looks divergent.  For a branch the
// classification calls divergent, this looks again with only the writes
// that reach it: each write is a node whose kind comes from the writes
// that reach its own reads, solved to a fixed point.  It is asked only
// about branches already found varying, and has a budget.
//
//===----------------------------------------------------------------------===//

#include "UniformityReaching.h"

#include "tcgen05/Analysis/Registers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace tcgen05;

namespace {
/// Budgets per function: the writes classified, and the blocks walked to
/// find which writes reach a read.
constexpr size_t MaxNodes = 2048;
constexpr uint64_t MaxBlockVisits = 1u << 18;
} // namespace

namespace {

/// The writes of Reg that reach instruction At: the last one before it in
/// its block, or those at the ends of the blocks paths come from.  A
/// guarded write lets the earlier one through.
template <typename Fn>
bool forEachReachingWrite(const ControlFlowGraph &G, const Function &F,
                          llvm::ArrayRef<uint32_t> Writers, uint32_t At,
                          uint64_t &Visits, uint64_t MaxVisits, Fn &&Each) {
  // Scans [First, End) backwards; whether an unguarded write ends the path.
  auto Scan = [&](uint32_t First, uint32_t End) {
    const auto *It = std::lower_bound(Writers.begin(), Writers.end(), End);
    while (It != Writers.begin() && *(It - 1) >= First) {
      --It;
      Each(*It);
      if (!F.Instructions[*It].guarded())
        return true;
    }
    return false;
  };
  // A register with one unguarded write (most, in compiler output) has
  // that write reach every read it can.
  if (Writers.size() == 1 && !F.Instructions[Writers[0]].guarded()) {
    Each(Writers[0]);
    return true;
  }
  const CFGBlock &Home = G.blockOf(At);
  if (Scan(Home.FirstInst, At))
    return true;
  llvm::BitVector Seen(G.size());
  llvm::SmallVector<const CFGBlock *, 16> Work(Home.preds().begin(),
                                               Home.preds().end());
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (Seen.test(B->Number))
      continue;
    Seen.set(B->Number);
    if (++Visits > MaxVisits)
      return false;
    if (!Scan(B->FirstInst, B->EndInst))
      Work.append(B->preds().begin(), B->preds().end());
  }
  return true;
}

} // namespace

bool UniformityInfo::singleDefClosure(uint32_t Reg, unsigned Depth) {
  std::vector<uint8_t> &Memo = Reaching->SingleDef;
  if (Memo[Reg] == 3)
    return true;
  if (Memo[Reg])
    return Memo[Reg] == 1;
  llvm::ArrayRef<uint32_t> W = Regs.writers(Reg);
  if (W.size() != 1 || F.Instructions[W[0]].guarded() || Depth > 64)
    return (Memo[Reg] = 2) == 1;
  Memo[Reg] = 3;
  bool All = true;
  forEachInstructionReadOperand(F, F.Instructions[W[0]], Regs.writtenMask(W[0]),
                                [&](const Operand &O) {
                                  uint32_t R = Regs.of(O);
                                  if (All && R != RegisterNumbering::None)
                                    All = singleDefClosure(R, Depth + 1);
                                });
  Memo[Reg] = All ? 1 : 2;
  return All;
}

ValueKind UniformityInfo::reachingGuard(uint32_t Branch) {
  ValueKind Flat = guard(Branch);
  uint32_t GuardReg = Regs.guardOf(Branch);
  if (GuardReg == RegisterNumbering::None)
    return Flat;
  if (!Reaching) {
    Reaching = std::make_unique<ReachingState>();
    Reaching->SingleDef.assign(Regs.size(), 0);
  }
  ReachingState &S = *Reaching;
  if (S.OverBudget || singleDefClosure(GuardReg, 0))
    return Flat;

  llvm::SmallVector<uint32_t, 64> Pending;
  // The node of (Writer, Reg), made and queued when new.
  auto NodeFor = [&](uint32_t Writer, uint32_t Reg) -> uint32_t {
    uint64_t Key = uint64_t(Writer) << 32 | Reg;
    auto [It, New] = S.NodeOf.try_emplace(Key, S.Nodes.size());
    if (New) {
      S.Nodes.push_back({Writer, Reg, ValueKind::None, {}});
      S.Users.emplace_back();
      Pending.push_back(It->second);
    }
    return It->second;
  };
  // The nodes reaching a read of Reg at instruction At.
  auto Reach = [&](uint32_t Reg, uint32_t At,
                   std::vector<std::pair<uint32_t, uint32_t>> &Out) {
    return forEachReachingWrite(G, F, Regs.writers(Reg), At, S.BlockVisits,
                                MaxBlockVisits, [&](uint32_t W) {
                                  Out.push_back({Reg, NodeFor(W, Reg)});
                                });
  };

  std::vector<std::pair<uint32_t, uint32_t>> Roots;
  if (!Reach(GuardReg, Branch, Roots)) {
    S.OverBudget = true;
    return Flat;
  }
  // Demand: every node's reads, and what reaches them.
  llvm::SmallVector<uint32_t, 64> Queue(Pending.begin(), Pending.end());
  while (!Queue.empty()) {
    uint32_t N = Queue.pop_back_val();
    if (S.Nodes.size() > MaxNodes) {
      S.OverBudget = true;
      return Flat;
    }
    uint32_t W = S.Nodes[N].Writer;
    const Instruction &I = F.Instructions[W];
    std::vector<std::pair<uint32_t, uint32_t>> Reads;
    size_t Before = Pending.size();
    bool Fine = true;
    auto Read = [&](uint32_t Reg) {
      if (Reg != RegisterNumbering::None && Fine)
        Fine = Reach(Reg, W, Reads);
    };
    forEachInstructionReadOperand(F, I, Regs.writtenMask(W),
                                  [&](const Operand &O) { Read(Regs.of(O)); });
    Read(Regs.guardOf(W));
    if (!Fine) {
      S.OverBudget = true;
      return Flat;
    }
    for (const auto &R : Reads)
      S.Users[R.second].push_back(N);
    S.Nodes[N].Reads = std::move(Reads);
    Queue.append(Pending.begin() + Before, Pending.end());
  }

  // Solve: a node's kind from its reads', joined with what it had.
  auto KindsOf = [&](const std::vector<std::pair<uint32_t, uint32_t>> &Reads) {
    return [&Reads, &S](uint32_t Reg) {
      ValueKind K = ValueKind::None;
      for (const auto &R : Reads)
        if (R.first == Reg)
          K = joinKinds(K, S.Nodes[R.second].Kind);
      return K;
    };
  };
  while (!Pending.empty()) {
    uint32_t N = Pending.pop_back_val();
    ReachingState::Node &Node = S.Nodes[N];
    const Instruction &I = F.Instructions[Node.Writer];
    const Operand *Written = nullptr;
    forEachInstructionWrittenOperand(F, I, Regs.writtenMask(Node.Writer),
                                     [&](const Operand &W) {
                                       if (Regs.of(W) == Node.Reg)
                                         Written = &W;
                                     });
    if (!Written)
      continue;
    auto Kinds = KindsOf(Node.Reads);
    ValueKind New =
        joinKinds(Node.Kind, writtenKind(Node.Writer, *Written, Kinds));
    if (New == Node.Kind)
      continue;
    S.Nodes[N].Kind = New;
    for (uint32_t U : S.Users[N])
      Pending.push_back(U);
  }
  return guard(Branch, KindsOf(Roots));
}
