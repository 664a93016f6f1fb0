//===- WarpRoles.cpp - Which warps execute each block ---------------------===//

#include "tcgen05/Analysis/WarpRoles.h"

#include "tcgen05/Analysis/BranchConditions.h"
#include "tcgen05/Analysis/Dataflow.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <functional>
#include <optional>

using namespace tcgen05;

namespace {

WarpSet intersect(WarpSet A, WarpSet B) {
  return {{A.Warps[0] & B.Warps[0], A.Warps[1] & B.Warps[1]}};
}

llvm::BitVector bitsOf(WarpSet S) {
  llvm::BitVector B(64);
  uint32_t Words[2] = {S.Warps[0], S.Warps[1]};
  B.setBitsInMask(Words, 2);
  return B;
}

WarpSet setOf(const llvm::BitVector &B) {
  // A 64-bit pair mask: the two 32-bit words of the vector's data.
  uint64_t Mask = 0;
  auto Data = B.getData();
  for (unsigned K = 0; K < Data.size() && K * sizeof(Data[0]) < 8; ++K)
    Mask |= uint64_t(Data[K]) << (8 * sizeof(Data[0]) * K);
  return {{static_cast<uint32_t>(Mask), static_cast<uint32_t>(Mask >> 32)}};
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

uint64_t maskOf(WarpSet S) { return S.Warps[0] | uint64_t(S.Warps[1]) << 32; }

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

/// Which writes of some registers reach each block, for each pair: per
/// register, a word per slot, bit R * 32 + W for the pair (rank R, warp
/// W); slot 0 is "no write yet", slot 1 + K the register's K-th writer.
/// A write by an unguarded instruction replaces the register's others for
/// the pairs that may execute it; a guarded one adds itself.  The
/// registers a pass asks about are solved together, by a worklist of its
/// own over words: a solve per register, with a generic bit-vector store,
/// cost a large kernel's check a half more.
struct tcgen05::WarpRolesWriters {
  struct Write {
    uint32_t Inst;
    /// The register's first word, and the writer's slot.
    uint32_t Base, Slot, Slots;
    /// The pairs that may execute it.
    uint64_t Executes;
    bool Replaces;
    bool operator<(const Write &O) const { return Inst < O.Inst; }
  };
  /// By instruction.
  std::vector<Write> Writes;
  /// Each register's first word.
  llvm::DenseMap<uint32_t, uint32_t> Base;
  unsigned Words = 0;
  /// Each block's words on entry; Reached says which blocks have any.
  std::vector<uint64_t> In;
  llvm::BitVector Reached;

  void add(const Function &F, uint32_t Reg, llvm::ArrayRef<uint32_t> Writers,
           llvm::function_ref<uint64_t(uint32_t)> Executes) {
    uint32_t B = Words;
    Base[Reg] = B;
    Words += Writers.size() + 1;
    for (unsigned K = 0; K < Writers.size(); ++K)
      Writes.push_back(
          {Writers[K], B, K + 1, static_cast<uint32_t>(Writers.size() + 1),
           Executes(Writers[K]), !F.Instructions[Writers[K]].guarded()});
  }

  /// Applies the writes among instructions [From, To) to S.
  void apply(uint32_t From, uint32_t To, uint64_t *S) const {
    auto It = std::lower_bound(Writes.begin(), Writes.end(), Write{From});
    for (; It != Writes.end() && It->Inst < To; ++It) {
      if (It->Replaces)
        for (unsigned W = 0; W < It->Slots; ++W)
          S[It->Base + W] &= ~It->Executes;
      S[It->Base + It->Slot] |= It->Executes;
    }
  }

  /// Solves over G, whose edges let pass all but the pairs Kills names;
  /// false past Budget steps.
  bool
  solve(const ControlFlowGraph &G,
        const llvm::DenseMap<std::pair<uint32_t, uint32_t>, uint64_t> &Kills,
        uint64_t Budget) {
    llvm::sort(Writes);
    In.assign(G.size() * Words, 0);
    Reached.resize(G.size());
    if (!G.size())
      return true;
    for (const auto &[Reg, B] : Base)
      In[B] = ~uint64_t(0);
    Reached.set(0);
    std::vector<uint32_t> Work{0};
    llvm::BitVector Queued(G.size());
    Queued.set(0);
    std::vector<uint64_t> S(Words);
    uint64_t Steps = 0;
    // Blocks are numbered in program order: taking the lowest queued
    // block first settles straight-line code in one visit.
    while (!Work.empty()) {
      std::pop_heap(Work.begin(), Work.end(), std::greater<uint32_t>());
      uint32_t N = Work.back();
      Work.pop_back();
      Queued.reset(N);
      const CFGBlock &B = *std::next(G.begin(), N);
      Steps += B.EndInst - B.FirstInst + Words;
      if (Steps > Budget)
        return false;
      std::copy_n(&In[size_t(N) * Words], Words, S.begin());
      apply(B.FirstInst, B.EndInst, S.data());
      for (const CFGBlock *To : B.succs()) {
        auto K = Kills.find({N, To->Number});
        uint64_t Pass = K == Kills.end() ? ~uint64_t(0) : ~K->second;
        uint64_t *D = &In[size_t(To->Number) * Words];
        bool Changed = !Reached.test(To->Number);
        for (unsigned W = 0; W < Words; ++W) {
          uint64_t New = D[W] | (S[W] & Pass);
          Changed |= New != D[W];
          D[W] = New;
        }
        Reached.set(To->Number);
        if (Changed && !Queued.test(To->Number)) {
          Queued.set(To->Number);
          Work.push_back(To->Number);
          std::push_heap(Work.begin(), Work.end(), std::greater<uint32_t>());
        }
      }
    }
    return true;
  }
};

std::string WarpSet::str() const {
  if (Warps[0] == Warps[1])
    return "warps " + warpList(Warps[0]);
  return "rank 0: warps " + warpList(Warps[0]) + "; rank 1: warps " +
         warpList(Warps[1]);
}

WarpRoles::CtaSize WarpRoles::ctaSizeOf(const Module &M, const Function &F) {
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
    return {};
  return {static_cast<unsigned>(std::min<uint64_t>(
              32, std::max<uint64_t>(1, (*Threads + 31) / 32))),
          Req ? CtaSize::Exact : CtaSize::AtMost};
}

WarpSet WarpRoles::all() const {
  uint32_t Warps = NumWarps >= 32 ? ~0u : (1u << NumWarps) - 1;
  return {{Warps, Warps}};
}

WarpRoles::WarpRoles(const Function &F, const ControlFlowGraph &G,
                     const UniformityInfo &U, unsigned NumWarps)
    : F(F), G(G), U(U), NumWarps(std::clamp(NumWarps, 1u, 32u)),
      Reach(G.size(), all()), Follows(U.registers().size()) {
  // Each pass reads the registers of several writes along the paths the
  // pass before let each pair take, so that a role computed by branches
  // on the warp index and tested later narrows in the second pass.  Every
  // pass's answer holds; later ones only say more.
  for (unsigned Pass = 0; Pass < 3; ++Pass) {
    auto Before = Kills;
    UsedReaching = false;
    // The first pass has no paths to follow: every pair may take every
    // edge, and registers of several writes are left for the next.
    FollowsPaths = Pass > 0;
    Reaching.clear();
    // The registers the pass before asked about are solved together.
    if (FollowsPaths && !Asked.empty()) {
      std::vector<uint32_t> Regs(Asked.begin(), Asked.end());
      llvm::sort(Regs);
      std::shared_ptr<const WarpRolesWriters> RW = solveWriters(Regs);
      for (uint32_t Reg : Regs)
        Reaching[Reg] = RW;
    }
    for (auto It = Written.begin(); It != Written.end(); ++It)
      if (It->second.second)
        Written.erase(It);
    ReadValues.clear();
    ReadSplits.clear();
    if (!solve()) {
      Specialized = false;
      Kills.clear();
      Reach.assign(G.size(), all());
      return;
    }
    if (!UsedReaching || Kills == Before)
      break;
  }
}

WarpRoles::~WarpRoles() = default;

bool WarpRoles::solve() {
  Problem P;
  P.Boundary = bitsOf(all());
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, uint64_t> NewKills;
  bool NewSpecialized = false;
  for (const CFGBlock &B : G) {
    if (B.empty() || B.succs().size() != 2 || B.succs()[0] == B.succs()[1])
      continue;
    uint32_t Branch = B.EndInst - 1;
    const Instruction &Bra = F.Instructions[Branch];
    if (Bra.op() != Opcode::Bra || !Bra.guarded())
      continue;
    // A branch whose verdict read no register of several writes gets the
    // same one again: its paths are not what changed.
    auto Known = BranchSplits.find(Branch);
    Split S;
    if (Known != BranchSplits.end() && !Known->second.second) {
      S = Known->second.first;
    } else {
      bool Before = UsedReaching;
      UsedReaching = false;
      S = splitOf(U.registers().guardOf(Branch), Branch, 0);
      BranchSplits[Branch] = {S, UsedReaching};
      UsedReaching |= Before;
    }
    if (S.True == all() && S.False == all())
      continue;
    NewSpecialized = true;
    for (const CFGBlock *To : B.succs()) {
      bool Taken = To->Number != B.Number + 1;
      bool PredTrue = Taken != Bra.pred().Negated;
      llvm::BitVector Kill = P.Boundary;
      Kill.reset(bitsOf(PredTrue ? S.True : S.False));
      NewKills[{B.Number, To->Number}] = maskOf(setOf(Kill));
      P.Kills[{B.Number, To->Number}] = std::move(Kill);
    }
  }
  DataflowSolver<Problem, UnionBitStates<Problem>> Solver(
      G, P, DataflowDirection::Forward);
  // Reachability with kills settles in a few passes; past this budget
  // every block keeps every pair, which claims nothing.
  uint64_t Budget = 64 * (uint64_t(G.size()) + uint64_t(F.Instructions.size()));
  if (!Solver.run(Budget))
    return false;
  std::vector<WarpSet> NewReach(G.size());
  llvm::BitVector S;
  for (const CFGBlock &B : G)
    if (Solver.states().reached(B.Number)) {
      Solver.states().load(B.Number, S);
      NewReach[B.Number] = setOf(S);
    }
  Reach = std::move(NewReach);
  Kills = std::move(NewKills);
  Specialized = NewSpecialized;
  return true;
}

std::shared_ptr<const WarpRolesWriters>
WarpRoles::solveWriters(llvm::ArrayRef<uint32_t> Regs) const {
  auto RW = std::make_shared<WarpRolesWriters>();
  for (uint32_t Reg : Regs)
    RW->add(F, Reg, U.registers().writers(Reg),
            [&](uint32_t W) { return maskOf(atInstruction(W)); });
  uint64_t Budget = 8 * uint64_t(RW->Words + 1) *
                    (uint64_t(G.size()) + uint64_t(F.Instructions.size()));
  if (!RW->solve(G, Kills, Budget))
    return nullptr;
  return RW;
}

std::optional<std::vector<uint64_t>> WarpRoles::writersAt(uint32_t Reg,
                                                          uint32_t At) const {
  if (!follows(Reg))
    return std::nullopt;
  UsedReaching = true;
  Asked.insert(Reg);
  if (!FollowsPaths)
    return std::nullopt;
  // Null while it is solved: a guard of one of its writes that reads the
  // register itself gets no answer.
  if (Reaching.try_emplace(Reg).second)
    Reaching[Reg] = solveWriters(Reg);
  const WarpRolesWriters *RW = Reaching.lookup(Reg).get();
  if (!RW)
    return std::nullopt;
  uint32_t Base = RW->Base.lookup(Reg);
  unsigned Slots = U.registers().writers(Reg).size() + 1;
  const CFGBlock &B = G.blockOf(At);
  std::vector<uint64_t> Out(Slots);
  if (!RW->Reached.test(B.Number))
    return Out;
  std::vector<uint64_t> S(&RW->In[size_t(B.Number) * RW->Words],
                          &RW->In[size_t(B.Number + 1) * RW->Words]);
  RW->apply(B.FirstInst, At, S.data());
  std::copy_n(S.begin() + Base, Slots, Out.begin());
  return Out;
}

WarpSet WarpRoles::atInstruction(uint32_t I) const {
  WarpSet S = at(G.blockOf(I));
  const Instruction &Inst = F.Instructions[I];
  if (!Inst.guarded())
    return S;
  Split Guard = splitOf(U.registers().guardOf(I), I, 0);
  return intersect(S, Inst.pred().Negated ? Guard.False : Guard.True);
}

WarpSet WarpRoles::mustExecute(uint32_t I) const {
  WarpSet May = atInstruction(I);
  const Instruction &Inst = F.Instructions[I];
  // The guard must hold for the pair, not merely may.
  if (Inst.guarded()) {
    Split Guard = splitOf(U.registers().guardOf(I), I, 0);
    WarpSet Fails = Inst.pred().Negated ? Guard.True : Guard.False;
    for (unsigned R = 0; R < 2; ++R)
      May.Warps[R] &= ~Fails.Warps[R];
  }
  WarpSet Out;
  if (!G.size())
    return Out;
  const CFGBlock &Target = G.blockOf(I);
  llvm::BitVector Seen(G.size());
  llvm::SmallVector<const CFGBlock *, 32> Work;
  for (unsigned R = 0; R < 2; ++R)
    for (unsigned W = 0; W < NumWarps; ++W) {
      if (!((May.Warps[R] >> W) & 1))
        continue;
      // Whether the pair can leave the kernel without passing I's block.
      uint64_t Pair = uint64_t(1) << (R * 32 + W);
      Seen.reset();
      Work.clear();
      bool Escapes = false;
      if (&G.front() != &Target) {
        Work.push_back(&G.front());
        Seen.set(G.front().Number);
      }
      while (!Work.empty() && !Escapes) {
        const CFGBlock *B = Work.pop_back_val();
        Escapes = B->succs().empty();
        for (const CFGBlock *S : B->succs()) {
          auto K = Kills.find({B->Number, S->Number});
          if (S == &Target || Seen.test(S->Number) ||
              (K != Kills.end() && (K->second & Pair)))
            continue;
          Seen.set(S->Number);
          Work.push_back(S);
        }
      }
      if (!Escapes)
        Out.Warps[R] |= 1u << W;
    }
  return Out;
}
