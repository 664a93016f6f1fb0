//===- HazardContext.h - What every hazard lint sees of a function -*- C++
//-*-===//
//
// Private to the hazard lints (HazardCheck.cpp and the files beside it): the
// function, its graph and uniformity, the reporting of one table row, and
// the classification of instructions the lints share.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_HAZARDCONTEXT_H
#define TCGEN05_SEMA_HAZARDCONTEXT_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Analysis/Dominators.h"
#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "tcgen05/Analysis/Uniformity.h"
#include "tcgen05/Analysis/WarpRoles.h"
#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <memory>
#include <optional>

namespace tcgen05 {

/// Which instructions meet at the other side of a synchronization.
enum class SyncFamily : uint8_t { None, Mbarrier, Named, Cluster };

/// How an instruction synchronizes threads (ThreadSync.def).
struct ThreadSync {
  bool Acquires = false, Releases = false, Relaxed = false, PeerWait = false;
  SyncFamily Family = SyncFamily::None;
  /// The ThreadSync.def row it matched, by index; NoRow for none.
  uint8_t Row = NoRow;
  static constexpr uint8_t NoRow = 0xFF;
  bool any() const { return Acquires || Releases; }
};

/// One instruction at a named barrier (HazardNamedBarriers.cpp): its
/// number and thread count, and their values where known.
struct NamedBarrierUse {
  uint32_t Inst;
  const Operand *Id, *Count;
  /// Arrives without waiting: a warp may arrive again in the same phase.
  bool ArriveOnly;
  std::optional<uint64_t> IdValue, CountValue;
};
struct OrderingCache;
class BarrierPhases;
class MbarrierModel;
struct PathIndex;

/// Facts computed once per function and shared by several lints.
struct HazardCache {
  HazardCache();
  ~HazardCache();
  /// nCols of each alloc and dealloc whose value is known, by instruction.
  std::optional<llvm::DenseMap<uint32_t, std::optional<uint64_t>>> NCols;
  /// The uses of named barriers, once asked (namedBarrierUses), and with
  /// the uses whose number is unknown (allNamedBarrierUses).
  std::optional<std::optional<std::vector<NamedBarrierUse>>> NamedBarriers,
      AllNamedBarriers;
  /// How each instruction synchronizes threads; empty until asked.
  std::vector<ThreadSync> Syncs;
  /// The tcgen05 instructions and the synchronizations, ascending: what
  /// every ordering analysis visits.  Filled with Syncs.
  std::vector<uint32_t> SyncsAndTcgen05;
  /// The solved ordering analyses (HazardOrder.cpp).
  std::unique_ptr<OrderingCache> Ordering;
  /// A lint that needs the whole kernel skipped it (isWholeKernel).
  bool SkippedWhole = false;
  /// An analysis gave up on the function and said so (TC6100, once).
  bool GaveUp = false;
  /// Instructions the per-finding path walks have visited (walkBudget).
  uint64_t WalkSteps = 0;
  /// The kernel's mbarrier objects, once a lint asks
  /// (HazardFunction::mbarriers).
  std::unique_ptr<MbarrierModel> Mbarriers;
  /// The warp roles, once a lint asks (HazardFunction::roles).
  std::unique_ptr<WarpRoles> Roles;
  /// The phases each warp has passed, once a lint asks
  /// (HazardFunction::phases).
  std::unique_ptr<BarrierPhases> Phases;
  /// The elect branches and conditions every ordering analysis's
  /// infeasible edges read (HazardPaths.cpp), found by the first.
  std::shared_ptr<PathIndex> Paths;
};

/// What every lint sees of one function.
struct HazardFunction {
  const Function &F;
  const ControlFlowGraph &G;
  const DominatorTree &DT;
  const UniformityInfo &U;
  DiagnosticSink &Sink;
  HazardCache &Cache;
  /// G and the register numbering, shared with the descriptor check.
  FunctionAnalyses &Shared;
  /// The ordering analyses' budget, per event instruction and block.
  unsigned StepsPerInstruction;
  /// What the kernel's directives say of its CTA's warps.
  WarpRoles::CtaSize Cta;

  /// Which warps, and which CTA of a pair, execute each block; built on
  /// first use.
  const WarpRoles &roles() const;
  /// The phases of the barriers of every thread each warp has passed;
  /// built on first use.
  const BarrierPhases &phases() const;
  /// The kernel's mbarrier objects and their uses; built on first use.
  MbarrierModel &mbarriers() const;

  const Instruction &inst(const Tcgen05Inst &T) const {
    return F.Instructions[T.Instruction];
  }
  /// The operand of T in Role, if T has one.
  const Operand *operand(const Tcgen05Inst &T, Tcgen05OperandRole Role) const;
  bool hasClass(const Tcgen05Inst &T, Tcgen05QualClass C) const;
  /// Whether T has a qualifier spelled Q.
  bool hasQualifier(const Tcgen05Inst &T, llvm::StringRef Q) const;
  /// The tcgen05 instruction at I, or nullptr.
  const Tcgen05Inst *tcgen05At(uint32_t I) const {
    uint32_t T = F.Instructions[I].Tcgen05;
    return T == Instruction::NoTcgen05 ? nullptr : &F.Tcgen05[T];
  }
  bool isOpcode(uint32_t I, Tcgen05Opcode Op) const {
    const Tcgen05Inst *T = tcgen05At(I);
    return T && T->Opcode == Op;
  }
  /// How instruction I synchronizes threads, from ThreadSync.def.
  ThreadSync threadSync(uint32_t I) const {
    if (Cache.Syncs.empty())
      classifySyncs();
    return Cache.Syncs[I];
  }
  void classifySyncs() const;
  /// The tcgen05 instructions and thread synchronizations, ascending.
  llvm::ArrayRef<uint32_t> syncsAndTcgen05() const {
    if (Cache.Syncs.empty())
      classifySyncs();
    return Cache.SyncsAndTcgen05;
  }
  /// The instruction's name as written up to its first qualifier that is
  /// not part of the name: "mbarrier.try_wait", "bar.sync",
  /// "tcgen05.wait::ld".
  std::string displayName(uint32_t I) const;
  /// A kernel whose every path is in its body: no call could allocate,
  /// free, wait or commit for it (calls of the CUDA runtime's printf and
  /// assert cannot).
  bool isWholeKernel() const;
  /// The first instruction the whole-kernel lints cannot follow: an
  /// unmodelled construct (What says which), else a call of a function
  /// other than the CUDA runtime's (Callee).
  struct WholeKernelBlocker {
    uint32_t Inst;
    llvm::StringRef What, Callee;
  };
  std::optional<WholeKernelBlocker> wholeKernelBlocker() const;
  /// Says, once, where a lint that needs the whole kernel stopped short.
  void reportNotWhole() const;
  /// Whether S calls a function of the CUDA runtime (printf, assert),
  /// which never touches Tensor Memory.
  bool isRuntimeCall(const CallSite &S) const;
  /// Calls Visit with the instructions after From on every path, each
  /// block once (From's own block again from its start, when a path leads
  /// back to it); Visit returns whether the path goes on past I.  The one
  /// walk of the lints: reachability, and the paths that stop at a kill.
  template <typename Fn> void walkAfter(uint32_t From, Fn &&Visit) const {
    llvm::BitVector Seen(G.size());
    llvm::SmallVector<const CFGBlock *, 16> Work;
    auto Run = [&](const CFGBlock &B, uint32_t First) {
      for (uint32_t I = First; I < B.EndInst; ++I)
        if (!Visit(I))
          return;
      Work.append(B.succs().begin(), B.succs().end());
    };
    Run(G.blockOf(From), From + 1);
    while (!Work.empty()) {
      const CFGBlock *B = Work.pop_back_val();
      if (Seen.test(B->Number))
        continue;
      Seen.set(B->Number);
      Run(*B, B->FirstInst);
    }
  }
  /// Whether some path leads from instruction From to To (after From ran;
  /// From itself again around a loop).
  bool leadsTo(uint32_t From, uint32_t To) const;
  /// Charges one instruction of a per-finding path walk to the function's
  /// budget; false once it is spent, and then the remark that the analysis
  /// gave up is made.  Each finding walks much of its function: real
  /// kernels spend up to 344 steps per instruction and block in all, a
  /// third of the budget at the default --hazard-steps.
  bool walkBudget(uint64_t Steps = 1) const {
    if ((Cache.WalkSteps += Steps) <= walkLimit())
      return true;
    giveUp(Cache.WalkSteps);
    return false;
  }
  bool walkBudgetLeft() const { return Cache.WalkSteps <= walkLimit(); }
  uint64_t walkLimit() const {
    return uint64_t(StepsPerInstruction) * 16 *
           (F.Instructions.size() + G.size());
  }
  /// Makes the remark TC6100 for this function, once.
  void giveUp(uint64_t Steps) const;
  /// Calls Each with every instruction some path reaches after From.
  template <typename Fn> void forEachReachable(uint32_t From, Fn &&Each) const {
    walkAfter(From, [&](uint32_t I) {
      Each(I);
      return true;
    });
  }
};

/// nCols of every alloc and dealloc whose bits are all known, computed once
/// for the lints that compare sizes (HazardLifecycle.cpp).
const llvm::DenseMap<uint32_t, std::optional<uint64_t>> &
knownNCols(const struct HazardContext &C);
/// The uses of named barriers in the function, with their numbers and
/// counts where known, found once; nothing when some use's number is
/// unknown (it could be any barrier's).
const std::optional<std::vector<NamedBarrierUse>> &
namedBarrierUses(const HazardFunction &C);
/// The same with the uses whose number the known bits do not give
/// (IdValue empty); nothing when a use is malformed.
const std::optional<std::vector<NamedBarrierUse>> &
allNamedBarrierUses(const HazardFunction &C);
/// The pairs of S as one word: bit R * 32 + W for (rank R, warp W).
inline uint64_t pairMask(WarpSet S) {
  return S.Warps[0] | uint64_t(S.Warps[1]) << 32;
}

/// Solves a forward flow of a state per (rank, warp) pair, each pair along
/// the edges it may take (WarpRoles::passes): In[N] is the state on the way
/// into block N, whose pairs are its Reached word; Transfer(B, S) applies
/// block B to S, and In[N].join(S, Pass) merges S's pairs in Pass, saying
/// whether anything changed.  False once the walk budget is spent.
template <typename State, typename Fn>
bool solvePairFlow(const HazardFunction &C, std::vector<State> &In,
                   Fn &&Transfer) {
  const ControlFlowGraph &G = C.G;
  const WarpRoles &Roles = C.roles();
  In.assign(G.size(), State());
  In[G.front().Number].Reached = pairMask(Roles.at(G.front()));
  std::vector<uint32_t> Work{G.front().Number};
  llvm::BitVector Queued(G.size());
  Queued.set(G.front().Number);
  while (!Work.empty()) {
    uint32_t N = Work.back();
    Work.pop_back();
    Queued.reset(N);
    const CFGBlock &B = G.block(N);
    if (!C.walkBudget(B.EndInst - B.FirstInst + 1))
      return false;
    State S = In[N];
    Transfer(B, S);
    for (unsigned K = 0; K < B.succs().size(); ++K) {
      const CFGBlock &Succ = *B.succs()[K];
      uint64_t Pass = pairMask(Roles.passes(B, K)) & pairMask(Roles.at(Succ));
      if (In[Succ.Number].join(S, Pass) && !Queued.test(Succ.Number)) {
        Queued.set(Succ.Number);
        Work.push_back(Succ.Number);
      }
    }
  }
  return true;
}

/// How many phases of the barriers of every thread each (rank, warp) pair
/// has passed, a lower and an upper bound over the paths that pair may take
/// (WarpRoles::passes): the CTA's barrier (bar.sync or barrier.sync with no
/// thread count, all of one number that no use with a count shares) and the
/// cluster's (barrier.cluster.arrive, then wait).  A phase needs every
/// thread that has not exited, so a warp that passed more phases than
/// another can have arrived at runs after it (HazardPhases.cpp).
class BarrierPhases {
public:
  explicit BarrierPhases(const HazardFunction &C);
  /// Whether instruction Later, where pair Q executes it, runs after pair P
  /// executed instruction Earlier, on every execution: Q has passed more
  /// phases of one of the barriers than P can have arrived at before.
  /// False past the budget.
  bool ordered(uint32_t Earlier, unsigned P, uint32_t Later, unsigned Q) const;

private:
  enum Counter : unsigned {
    CtaArrived,
    ClusterArrived,
    ClusterWaited,
    Counters
  };
  static constexpr unsigned Pairs = 64;
  struct Bounds {
    uint64_t Reached = 0;
    std::array<std::array<uint8_t, Pairs>, Counters> Lo{}, Hi{};
    bool join(const Bounds &In, uint64_t Pass);
  };
  /// The counter instruction I adds to, or Counters for none.
  Counter counter(uint32_t I) const;
  /// The bounds on the way into instruction I.
  Bounds at(uint32_t I) const;
  void step(uint32_t I, Bounds &S) const;

  const HazardFunction &C;
  llvm::BitVector CtaBarrier;
  std::vector<Bounds> In;
  bool Solved = false;
};

/// "warps 0-3 of each CTA", or each rank's when they differ: the roles a
/// finding names (HazardProtocol.cpp).
std::string warpsOfEachCta(WarpSet S);

/// What one lint sees: the function, and the row of Hazards.def it reports.
struct HazardContext : HazardFunction {
  HazardContext(const HazardFunction &Fn, DiagID ID, const char *Section)
      : HazardFunction(Fn), Fn(Fn), ID(ID), Section(Section) {}
  /// The function's context, which outlives every lint's.
  const HazardFunction &Fn;
  DiagID ID;
  const char *Section;

  Diagnostic &report(uint32_t Inst, llvm::ArrayRef<DiagArg> Args) const {
    return reportAs(ID, Inst, Args);
  }
  /// A finding of another row that this lint's checker makes (the
  /// path-dependent variant of its rule).
  Diagnostic &reportAs(DiagID Diag, uint32_t Inst,
                       llvm::ArrayRef<DiagArg> Args) const {
    return Sink.report(Diag, F.Instructions[Inst].src().range(), Args);
  }
  /// A finding whose caret is under the operand that breaks the rule (a
  /// count, a size) rather than the whole instruction.
  Diagnostic &reportAt(DiagID Diag, const Operand &O,
                       llvm::ArrayRef<DiagArg> Args) const {
    return Sink.report(Diag, O.src().range(), Args);
  }
  void note(Diagnostic &D, DiagID Note, uint32_t Inst,
            llvm::ArrayRef<DiagArg> Args = {}) const {
    D.note(Note, F.Instructions[Inst].src().range(), Args);
  }
  void cite(Diagnostic &D) const { D.note(DiagID::note_cite, {}, {Section}); }
};

/// Edges that the facts of some instructions never cross, because the path
/// from the instruction to the edge is not one (HazardPaths.cpp): the side
/// of an elect.sync that skips the thread elected before with the same
/// mask, and the side of a branch a counter decides.
class InfeasibleEdges {
public:
  /// FactInst[K] is the instruction fact K stands for (~0u for none).
  InfeasibleEdges(const HazardFunction &C, llvm::ArrayRef<uint32_t> FactInst);
  /// The facts that do not cross From -> To, or nullptr.
  const llvm::BitVector *kills(const CFGBlock &From, const CFGBlock &To) const;

private:
  llvm::DenseMap<uint64_t, llvm::BitVector> Kills;
  llvm::BitVector HasKills; ///< By block: some edge out of it kills.
};

/// Which releases hand Tensor Memory to threads that can then change it
/// with one of Changers (HazardHandOff.cpp).
class HandOffs {
public:
  HandOffs(const HazardFunction &C, llvm::ArrayRef<Tcgen05Opcode> Changers);
  ~HandOffs();
  /// Whether the release (an arrive, a barrier, a dealloc) at instruction
  /// Release hands Tensor Memory over.
  bool handsOff(uint32_t Release);

private:
  bool findHandOff(SyncFamily Family, std::optional<uint64_t> Id);
  struct Impl;
  std::unique_ptr<Impl> P;
};

// One checker per row of Hazards.def.
#define HAZARD(Lint, Name, Code, Severity, Group, Section, Format)             \
  void check##Lint(const HazardContext &C);
#include "tcgen05/Basic/Hazards.def"

} // namespace tcgen05

#endif
