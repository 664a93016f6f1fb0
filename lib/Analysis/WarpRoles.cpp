//===- WarpRoles.cpp - Which warps execute each block ---------------------===//

#include "tcgen05/Analysis/WarpRoles.h"

#include "tcgen05/Analysis/BranchConditions.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <functional>
#include <optional>

using namespace tcgen05;

namespace {

WarpSet intersect(WarpSet A, WarpSet B) {
  return {{A.Warps[0] & B.Warps[0], A.Warps[1] & B.Warps[1]}};
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
  /// Blocks past Cut are not solved: Cut dominates them and no write lies
  /// after it, so their words are Cut's less the pairs that do not reach
  /// them.  Most of a warp-specialized kernel follows the prologue that
  /// computes its roles; solving it cost the FMHA example a fifth more.
  uint32_t Cut = ~0u;

  /// The first block after every write that dominates the blocks after it
  /// in program order, none of which branches back before it: an edge
  /// from a block before a candidate to one after it, or back from one
  /// after it to one before it, rules the candidate out.
  void findCut(const ControlFlowGraph &G) {
    uint32_t Last = 0;
    for (const Write &W : Writes)
      Last = std::max(Last, G.blockOf(W.Inst).Number);
    std::vector<int32_t> Ruled(G.size() + 1);
    for (const CFGBlock &B : G)
      for (const CFGBlock *To : B.succs()) {
        uint32_t From = B.Number, Into = To->Number;
        // Candidates in (From, Into) for a forward edge, (Into, From] for
        // a backward one.
        uint32_t Lo = From < Into ? From + 1 : Into + 1;
        uint32_t Hi = From < Into ? Into : From + 1;
        if (Lo < Hi) {
          ++Ruled[Lo];
          --Ruled[Hi];
        }
      }
    int32_t Open = 0;
    for (uint32_t C = 0; C < G.size(); ++C) {
      Open += Ruled[C];
      if (C > Last && !Open) {
        Cut = C;
        return;
      }
    }
  }

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
    auto It = llvm::lower_bound(
        Writes, From, [](const Write &W, uint32_t I) { return W.Inst < I; });
    for (; It != Writes.end() && It->Inst < To; ++It) {
      if (It->Replaces)
        for (unsigned W = 0; W < It->Slots; ++W)
          S[It->Base + W] &= ~It->Executes;
      S[It->Base + It->Slot] |= It->Executes;
    }
  }

  /// Solves over G, whose edges let pass all but the pairs Kills names
  /// (block N's K-th successor's at SuccBase[N] + K); false past Budget
  /// steps.
  bool solve(const ControlFlowGraph &G, llvm::ArrayRef<uint32_t> SuccBase,
             llvm::ArrayRef<uint64_t> Kills, uint64_t Budget) {
    llvm::sort(Writes);
    // Blocks past the cut keep no words.
    In.assign(std::min<size_t>(G.size(), size_t(Cut) + 1) * Words, 0);
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
      if (N >= Cut)
        continue;
      const CFGBlock &B = *std::next(G.begin(), N);
      Steps += B.EndInst - B.FirstInst + Words;
      if (Steps > Budget)
        return false;
      std::copy_n(&In[size_t(N) * Words], Words, S.begin());
      apply(B.FirstInst, B.EndInst, S.data());
      for (unsigned E = 0; E < B.succs().size(); ++E) {
        const CFGBlock *To = B.succs()[E];
        uint64_t Pass = ~Kills[SuccBase[N] + E];
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
  SuccBase.reserve(G.size() + 1);
  SuccBase.push_back(0);
  for (const CFGBlock &B : G)
    SuccBase.push_back(SuccBase.back() + B.succs().size());
  Kills.assign(SuccBase.back(), 0);
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
      Kills.assign(SuccBase.back(), 0);
      Reach.assign(G.size(), all());
      return;
    }
    if (!UsedReaching || (Pass > 0 && Kills == Before))
      break;
  }
}

WarpRoles::~WarpRoles() = default;

bool WarpRoles::solve() {
  std::vector<uint64_t> NewKills(SuccBase.back());
  bool NewSpecialized = false;
  uint64_t All = maskOf(all());
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
    for (unsigned E = 0; E < 2; ++E) {
      bool Taken = B.succs()[E]->Number != B.Number + 1;
      bool PredTrue = Taken != Bra.pred().Negated;
      NewKills[SuccBase[B.Number] + E] =
          All & ~maskOf(PredTrue ? S.True : S.False);
    }
  }
  // Reachability is the writes of a register never written (numbered
  // past the function's own): its "no write yet" word is the pairs that
  // reach each block.  Past the budget every block keeps every pair,
  // which claims nothing.
  WarpRolesWriters Paths;
  Paths.add(F, U.registers().size(), {}, nullptr);
  uint64_t Budget = 64 * (uint64_t(G.size()) + uint64_t(F.Instructions.size()));
  if (!Paths.solve(G, SuccBase, NewKills, Budget))
    return false;
  std::vector<WarpSet> NewReach(G.size());
  for (const CFGBlock &B : G)
    if (Paths.Reached.test(B.Number)) {
      uint64_t M = Paths.In[B.Number] & All;
      NewReach[B.Number] = {
          {static_cast<uint32_t>(M), static_cast<uint32_t>(M >> 32)}};
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
  RW->findCut(G);
  uint64_t Budget = 8 * uint64_t(RW->Words + 1) *
                    (uint64_t(G.size()) + uint64_t(F.Instructions.size()));
  if (!RW->solve(G, SuccBase, Kills, Budget))
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
  return wordsAt(*RW, Reg, U.registers().writers(Reg).size() + 1, At);
}

std::vector<uint64_t> WarpRoles::wordsAt(const WarpRolesWriters &RW,
                                         uint32_t Key, unsigned Slots,
                                         uint32_t At) const {
  uint32_t Base = RW.Base.lookup(Key);
  const CFGBlock &B = G.blockOf(At);
  std::vector<uint64_t> Out(Slots);
  // Past the cut: the cut's words, for the pairs that reach B.
  uint32_t N = std::min(B.Number, RW.Cut);
  if (!RW.Reached.test(N))
    return Out;
  std::vector<uint64_t> S(&RW.In[size_t(N) * RW.Words],
                          &RW.In[size_t(N + 1) * RW.Words]);
  if (N != B.Number)
    for (uint64_t &W : S)
      W &= maskOf(Reach[B.Number]);
  RW.apply(B.FirstInst, At, S.data());
  std::copy_n(S.begin() + Base, Slots, Out.begin());
  return Out;
}

WarpRoles::LastEvents::LastEvents(const WarpRoles &Roles,
                                  llvm::ArrayRef<uint32_t> Events)
    : Roles(Roles), Slots(Events.size() + 1) {
  auto RW = std::make_shared<WarpRolesWriters>();
  // Keyed past the function's registers and the reachability's key.
  Key = Roles.U.registers().size() + 1;
  RW->add(Roles.F, Key, Events,
          [&](uint32_t I) { return maskOf(Roles.atInstruction(I)); });
  RW->findCut(Roles.G);
  uint64_t Budget =
      8 * uint64_t(RW->Words + 1) *
      (uint64_t(Roles.G.size()) + uint64_t(Roles.F.Instructions.size()));
  if (RW->solve(Roles.G, Roles.SuccBase, Roles.Kills, Budget))
    Solved = std::move(RW);
}

std::optional<std::vector<uint64_t>>
WarpRoles::LastEvents::at(uint32_t I) const {
  if (!Solved)
    return std::nullopt;
  return Roles.wordsAt(*Solved, Key, Slots, I);
}

WarpSet WarpRoles::passes(const CFGBlock &B, unsigned K) const {
  WarpSet S = at(B);
  if (Kills.empty())
    return S;
  uint64_t Kill = Kills[SuccBase[B.Number] + K];
  S.Warps[0] &= ~uint32_t(Kill);
  S.Warps[1] &= ~uint32_t(Kill >> 32);
  return S;
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
        for (unsigned E = 0; E < B->succs().size(); ++E) {
          const CFGBlock *S = B->succs()[E];
          if (S == &Target || Seen.test(S->Number) ||
              (Kills[SuccBase[B->Number] + E] & Pair))
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
