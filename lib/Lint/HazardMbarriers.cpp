//===- HazardMbarriers.cpp - Arrivals an mbarrier's phases can get --------===//
//
// An mbarrier completes a phase when as many arrivals as its init count
// have come (and the bytes expected of it with them).  The objects are told
// apart by their addresses, a shared-memory symbol and a constant offset
// followed through the registers that hold them; the arrivals a phase can
// get are read from the warp roles and the lanes that execute each arrive.
// When they cannot add up to the count, no phase completes and every wait
// for one hangs (a count raised past the threads that arrive, or an arrive
// moved under elect.sync while the count still counts a warp's threads).
//
//===----------------------------------------------------------------------===//

#include "HazardContext.h"
#include "MbarrierModel.h"

#include "tcgen05/Lint/HazardCheck.h"

#include "tcgen05/Analysis/Registers.h"
#include "tcgen05/Basic/Demangle.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

using namespace tcgen05;

void tcgen05::checkMbarrierNeverCompletes(const HazardContext &C) {
  MbarrierModel &Model = C.mbarriers();
  if (Model.Unfollowed)
    Model.remarkUnjudged(C, *Model.Unfollowed, "TC6036 and TC6037",
                         C.displayName(*Model.Unfollowed));
  if (Model.Objects.empty())
    return;
  const WarpRoles &Roles = C.roles();
  for (auto &[Key, O] : Model.Objects) {
    if (O.Unmodelled)
      continue;
    MbarrierModel::Judgement J = Model.judge(O);
    if (!J.Count || *J.Count <= 0 || !J.Wait || !J.Bounded)
      continue;
    // Each CTA has its own object; judged in the CTAs that wait on it.  A
    // second CTA runs only in a pair, which rank tests alone do not make
    // (a kernel built for one CTA still branches on the rank).
    WarpSet Waiting = Roles.atInstruction(J.Wait->Inst);
    std::optional<unsigned> Rank;
    for (unsigned R = 0; R < (Model.Pair ? 2 : 1) && !Rank; ++R)
      if (Waiting.Warps[R] && J.Most[R] < uint64_t(*J.Count))
        Rank = R;
    if (!Rank)
      continue;
    const MbarrierUse &Init = *O.Inits.front();
    WarpSet InRank;
    InRank.Warps[*Rank] = J.Arriving.Warps[*Rank];
    if (!Model.Pair)
      InRank.Warps[1] = InRank.Warps[0];
    std::string Who = InRank.Warps[*Rank] ? warpsOfEachCta(InRank)
                                          : std::string("no warp of the CTA");
    Diagnostic &D =
        C.reportAt(C.ID, *Init.Count,
                   {uint64_t(*J.Count), spelling(O.Where), J.Most[*Rank], Who});
    for (const MbarrierUse *U : O.Arrives)
      C.note(
          D, DiagID::note_hz_arrives_here, U->Inst,
          {warpsOfEachCta(Roles.atInstruction(U->Inst)), *Model.perWarp(*U)});
    C.note(D, DiagID::note_hz_waits_for_phase, J.Wait->Inst,
           {warpsOfEachCta(Waiting)});
    C.cite(D);
  }
}

void tcgen05::dumpMbarriers(const Function &F, FunctionAnalyses &A,
                            llvm::function_ref<unsigned(uint32_t)> LineOf,
                            llvm::raw_ostream &OS) {
  DiagnosticSink Sink;
  HazardCache Cache;
  HazardFunction C{F,
                   A.cfg(),
                   A.dominators(),
                   A.uniformity(),
                   Sink,
                   Cache,
                   A,
                   DefaultHazardStepsPerInstruction,
                   A.env().Cta};
  MbarrierModel Model(C);
  if (Model.NotWhole) {
    OS << "  mbarriers: not judged, the kernel calls a function\n";
    return;
  }
  if (Model.Unfollowed) {
    OS << "  mbarriers: not judged, the arrive at line "
       << LineOf(*Model.Unfollowed) << " names an address not followed\n";
    return;
  }
  if (!Model.OneVariable && !Model.Objects.empty())
    OS << "  mbarriers of the module's variables: told apart by offset alone, "
          "the kernel names more than one\n";
  for (auto &[Key, O] : Model.Objects) {
    MbarrierModel::Judgement J = Model.judge(O);
    OS << "  mbarrier " << spelling(O.Where) << ": init at line "
       << LineOf(O.Inits.front()->Inst) << ", count ";
    if (J.Count)
      OS << *J.Count;
    else
      OS << "not one constant";
    OS << ", " << O.Arrives.size() << " arrives, "
       << (J.Wait ? "waited on" : "no wait");
    if (O.Unmodelled)
      OS << "; not judged: another CTA may arrive, or a drop or inval";
    else if (!J.Bounded)
      OS << "; not judged: an arrive around a loop with no wait";
    else
      for (unsigned R = 0; R < (Model.Pair ? 2 : 1); ++R)
        OS << "; at most " << J.Most[R] << " arrivals a phase"
           << (Model.Pair ? " in rank " + std::to_string(R) : std::string());
    OS << "\n";
  }
  dumpExpectWindows(C, Model, LineOf, OS);
}
