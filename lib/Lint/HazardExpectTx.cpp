//===- HazardExpectTx.cpp - Bytes an mbarrier phase expects and gets -----===//
//
// A phase of an mbarrier completes when its arrivals have come and as many
// transaction bytes have completed as were expected of it (expect_tx).  A
// thread that expects a constant number of bytes and then issues copies of
// constant sizes on the same object, before the phase can end, states both
// numbers: when they differ, the phase never completes (too few bytes: a
// wait for it hangs, cutlass PR 3314) or completes before the data lands.
// The window of an expect is every path from it to the thread's next
// expect or wait on the object; its copies are those that name the same
// address, computed from the same register value.  Judged only where every
// copy that may complete on the object is in some expect's window.
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"
#include "MbarrierModel.h"

#include "tcgen05/Lint/HazardCheck.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

namespace {

/// What the paths from one expect hold until its phase can end.
struct Window {
  bool Judged = false;
  /// Why not, for the dump.
  const char *Why = nullptr;
  /// The bytes the copies of each path complete.
  llvm::SmallVector<uint64_t, 4> Sums;
  /// The copies on the object, in the order the walk met them.
  llvm::SmallVector<uint32_t, 4> Copies;
};

bool shareObject(const MbarrierModel &M, const Targets &A, const Targets &B) {
  return llvm::any_of(A, [&](const Target &X) {
    return llvm::any_of(B,
                        [&](const Target &Y) { return M.key(X) == M.key(Y); });
  });
}

class ExpectWindows {
public:
  ExpectWindows(const HazardFunction &C, MbarrierModel &M) : C(C), M(M) {}

  Window of(const MbarrierUse &E);

private:
  /// At most this many path states (block, bytes so far) per expect, and
  /// this many different sums: a loop of copies with no expect in it grows
  /// the sum without end.
  static constexpr size_t MaxStates = 4096, MaxSums = 8;

  const std::optional<SymbolicAddress> &symbolic(const MbarrierUse &U) {
    auto [It, New] = Symbolic.try_emplace(U.Inst);
    if (New && U.Address)
      It->second = M.Resolve.symbolic(*U.Address, U.Inst);
    return It->second;
  }

  const HazardFunction &C;
  MbarrierModel &M;
  llvm::DenseMap<uint32_t, std::optional<SymbolicAddress>> Symbolic;
};

Window notJudged(const char *Why) {
  Window W;
  W.Why = Why;
  return W;
}

Window ExpectWindows::of(const MbarrierUse &E) {
  Window W;
  if (!E.Bytes)
    return notJudged("its bytes are not an operand");
  if (!C.U.isSingleThreadInst(E.Inst))
    return notJudged("more than one thread of a warp may expect");
  std::optional<SymbolicAddress> Base = symbolic(E);
  if (!Base || !E.Objects)
    return notJudged("its address is not followed");
  WarpSet Expecting = C.roles().atInstruction(E.Inst);
  struct State {
    uint32_t Block, First;
    uint64_t Sum;
  };
  llvm::SmallVector<State, 16> Work;
  llvm::DenseSet<std::pair<uint32_t, uint64_t>> Seen;
  size_t Forks = 0;
  auto End = [&](uint64_t Sum) {
    if (!llvm::is_contained(W.Sums, Sum))
      W.Sums.push_back(Sum);
    return W.Sums.size() <= MaxSums;
  };
  Work.push_back({C.G.blockOf(E.Inst).Number, E.Inst + 1, 0});
  while (!Work.empty()) {
    State S = Work.pop_back_val();
    const CFGBlock &B = C.G.block(S.Block);
    bool Ended = false;
    for (uint32_t I = S.First; I < B.EndInst && !Ended; ++I) {
      if (!C.walkBudget())
        return notJudged("the function's path budget is spent");
      // The thread's next expect, its exit, or the next address it
      // computes for the object (a pipeline's next stage): a later copy on
      // the same object is in no window, and the object is not judged.
      // An instruction under a predicate may not run: its path also goes
      // on as if it were not there, which can only add sums.
      const Instruction &Inst = C.F.Instructions[I];
      bool MayNotRun = Inst.guarded();
      Opcode Op = Inst.op();
      if (I == E.Inst || Op == Opcode::Ret || Op == Opcode::Exit ||
          Op == Opcode::Trap || llvm::is_contained(Base->Writers, I)) {
        if (!End(S.Sum))
          return notJudged("its paths complete too many different sums");
        Ended = !MayNotRun;
        continue;
      }
      const MbarrierUse *U = M.useAt(I);
      if (!U || (U->Objects && !shareObject(M, *U->Objects, *E.Objects)))
        continue;
      if (U->Row->Kind == MbarrierKind::Arrive &&
          U->Row->Tx == MbarrierTx::NoTx)
        continue;
      // Anything else that may name the object must name it for sure:
      // the same address, from the same value of the same register.
      const std::optional<SymbolicAddress> &Sym = symbolic(*U);
      if (!U->Objects || !Sym || !(*Sym == *Base))
        return notJudged("an instruction may name its object at another "
                         "address");
      if (U->Row->Tx == MbarrierTx::Completes) {
        std::optional<int64_t> Bytes =
            U->Bytes ? M.Resolve.constant(*U->Bytes, I) : std::nullopt;
        if (!Bytes || *Bytes < 0)
          return notJudged("a copy's size is not in the PTX");
        if (!C.U.isSingleThreadInst(I) ||
            !(C.roles().atInstruction(I) == Expecting))
          return notJudged("a copy is issued by other threads than the "
                           "expect");
        if (MayNotRun) {
          if (++Forks > MaxStates)
            return notJudged("its paths are too many");
          Work.push_back({S.Block, I + 1, S.Sum});
        }
        S.Sum += uint64_t(*Bytes);
        if (!llvm::is_contained(W.Copies, I))
          W.Copies.push_back(I);
        continue;
      }
      if (U->Row->Tx != MbarrierTx::Expects &&
          U->Row->Kind != MbarrierKind::Wait)
        return notJudged("an init, drop or inval may name its object");
      if (!End(S.Sum))
        return notJudged("its paths complete too many different sums");
      Ended = !MayNotRun;
    }
    if (Ended)
      continue;
    if (B.succs().empty() && !End(S.Sum))
      return notJudged("its paths complete too many different sums");
    for (const CFGBlock *Succ : B.succs())
      if (Seen.insert({Succ->Number, S.Sum}).second)
        Work.push_back({Succ->Number, Succ->FirstInst, S.Sum});
    if (Seen.size() > MaxStates)
      return notJudged("its paths are too many");
  }
  W.Judged = true;
  return W;
}

/// The objects an address may name: "smem+8", "smem+8 or smem+16".
std::string objectsNamed(const Targets &Ts) {
  return llvm::join(
      llvm::map_range(Ts, [](const Target &T) { return spelling(T); }), " or ");
}

/// What the lint concludes of one expect.
struct Verdict {
  const MbarrierUse *Expect;
  Window W;
  /// Why it is not judged (W.Why, or a fact beyond its window).
  std::string Why;
  std::optional<int64_t> Bytes;
  const MbarrierUse *Wait = nullptr;
};

std::string lines(llvm::ArrayRef<uint32_t> Insts,
                  llvm::function_ref<unsigned(uint32_t)> LineOf) {
  return llvm::join(
      llvm::map_range(Insts,
                      [&](uint32_t I) { return std::to_string(LineOf(I)); }),
      ", ");
}

/// Every expect of the kernel and what the lint concludes of it; nothing
/// when bytes may be expected or complete at objects it does not know.
std::vector<Verdict> judgeExpects(const HazardFunction &C, MbarrierModel &M,
                                  llvm::function_ref<unsigned(uint32_t)> LineOf,
                                  const MbarrierUse **Unfollowed = nullptr) {
  std::vector<Verdict> Out;
  std::vector<const MbarrierUse *> Expects, Completes;
  for (const MbarrierUse &U : M.Uses) {
    if (U.Row->Tx == MbarrierTx::NoTx)
      continue;
    if (!U.Objects) {
      if (Unfollowed)
        *Unfollowed = &U;
      return {};
    }
    (U.Row->Tx == MbarrierTx::Expects ? Expects : Completes).push_back(&U);
  }
  ExpectWindows Windows(C, M);
  llvm::DenseSet<uint32_t> InSomeWindow;
  for (const MbarrierUse *E : Expects) {
    Verdict V{E, Windows.of(*E), {}, std::nullopt, nullptr};
    InSomeWindow.insert(V.W.Copies.begin(), V.W.Copies.end());
    V.Bytes = M.Resolve.constant(*E->Bytes, E->Inst);
    Out.push_back(std::move(V));
  }
  auto Remote = [](const MbarrierUse *U) {
    return llvm::any_of(*U->Objects, [](const Target &T) { return T.Remote; });
  };
  for (Verdict &V : Out) {
    const MbarrierUse &E = *V.Expect;
    if (!V.W.Judged) {
      V.Why = V.W.Why;
      continue;
    }
    if (!V.Bytes || *V.Bytes < 0) {
      V.Why = "its bytes are not one constant";
      continue;
    }
    // Each object it may name: one the kernel inits, that no other CTA
    // may expect or complete bytes at, and that some thread waits on.
    for (const Target &T : *E.Objects) {
      auto *It = M.Objects.find(M.key(T));
      if (T.Remote || It == M.Objects.end() || It->second.Unmodelled) {
        V.Why = "another CTA may use its object, or a drop or inval";
        break;
      }
      for (const MbarrierUse *U : It->second.Others)
        if (!V.Wait && M.isWait(U->Inst))
          V.Wait = U;
    }
    if (!V.Why.empty())
      continue;
    if (!V.Wait) {
      V.Why = "no thread waits on its object";
      continue;
    }
    auto Shares = [&](const MbarrierUse *U) {
      return shareObject(M, *U->Objects, *E.Objects);
    };
    std::vector<uint32_t> Outside;
    for (const MbarrierUse *U : Completes)
      if (Shares(U) && (!InSomeWindow.contains(U->Inst) || Remote(U)))
        Outside.push_back(U->Inst);
    for (const MbarrierUse *U : Expects)
      if (Shares(U) && Remote(U))
        Outside.push_back(U->Inst);
    if (!Outside.empty())
      V.Why = std::string(Outside.size() == 1 ? "line " : "lines ") +
              lines(Outside, LineOf) +
              " may complete or expect bytes at its object outside every "
              "expect's window";
  }
  return Out;
}

std::string sums(llvm::ArrayRef<uint64_t> Sums) {
  return llvm::join(
      llvm::map_range(Sums, [](uint64_t S) { return std::to_string(S); }),
      " or ");
}

} // namespace

void tcgen05::checkExpectTxMismatch(const HazardContext &C) {
  MbarrierModel &M = C.mbarriers();
  // In a kernel of several module variables objects merge by offset, which adds
  // copies to them: a window meets a copy it cannot prove its own, or the
  // object a copy outside every window, and is not judged.
  if (M.Objects.empty() || M.Unfollowed)
    return;
  const WarpRoles &Roles = C.roles();
  auto LineOf = [](uint32_t) { return 0u; };
  const MbarrierUse *Unfollowed = nullptr;
  std::vector<Verdict> Verdicts = judgeExpects(C, M, LineOf, &Unfollowed);
  if (Unfollowed && llvm::any_of(M.Uses, [](const MbarrierUse &U) {
        return U.Row->Tx == MbarrierTx::Expects;
      }))
    M.remarkUnjudged(C, Unfollowed->Inst, "TC6037",
                     C.displayName(Unfollowed->Inst));
  for (Verdict &V : Verdicts) {
    if (!V.Why.empty() || llvm::is_contained(V.W.Sums, uint64_t(*V.Bytes)))
      continue;
    const MbarrierUse &E = *V.Expect;
    llvm::sort(V.W.Sums);
    uint64_t N = uint64_t(*V.Bytes);
    DiagID Outcome = V.W.Sums.back() < N    ? DiagID::note_hz_tx_too_few
                     : V.W.Sums.front() > N ? DiagID::note_hz_tx_too_many
                                            : DiagID::note_hz_tx_no_path;
    Diagnostic &D = C.reportAt(C.ID, *E.Bytes,
                               {warpsOfEachCta(Roles.atInstruction(E.Inst)), N,
                                objectsNamed(*E.Objects), sums(V.W.Sums)});
    D.note(Outcome, {}, {});
    for (uint32_t Copy : V.W.Copies)
      C.note(D, DiagID::note_hz_completes_bytes, Copy,
             {uint64_t(*M.Resolve.constant(*M.useAt(Copy)->Bytes, Copy))});
    C.note(D, DiagID::note_hz_waits_for_phase, V.Wait->Inst,
           {warpsOfEachCta(Roles.atInstruction(V.Wait->Inst))});
    C.cite(D);
  }
}

void tcgen05::dumpExpectWindows(const HazardFunction &C, MbarrierModel &M,
                                llvm::function_ref<unsigned(uint32_t)> LineOf,
                                llvm::raw_ostream &OS) {
  for (Verdict &V : judgeExpects(C, M, LineOf)) {
    OS << "  expect_tx at line " << LineOf(V.Expect->Inst) << ": ";
    if (V.Bytes)
      OS << *V.Bytes << " bytes";
    else
      OS << "bytes not one constant";
    OS << " at " << objectsNamed(*V.Expect->Objects);
    if (V.W.Judged) {
      llvm::sort(V.W.Sums);
      OS << "; its copies complete " << sums(V.W.Sums) << " bytes";
      if (!V.W.Copies.empty())
        OS << " (lines " << lines(V.W.Copies, LineOf) << ")";
    }
    if (!V.Why.empty())
      OS << "; not judged: " << V.Why;
    OS << "\n";
  }
}
