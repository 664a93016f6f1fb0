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
#include "MbarrierAddresses.h"

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

namespace {

enum class MbarrierKind : uint8_t { Init, Arrive, Wait, NoArrive, Unknown };

struct MbarrierOpRow {
  Opcode Op;
  llvm::StringRef Qualifier, With;
  MbarrierKind Kind;
  int Address, Count;
};

constexpr MbarrierOpRow MbarrierOps[] = {
#define MBARRIER_OP(Op, Qualifier, With, Kind, Address, Count)                 \
  {Opcode::Op, Qualifier, With, MbarrierKind::Kind, Address, Count},
#include "MbarrierOps.def"
};

/// The opcodes of the table's rows, by opcode: the other instructions
/// are passed over without reading their qualifiers.
constexpr std::array<bool, NumOpcodes> namesMbarrier() {
  std::array<bool, NumOpcodes> Out{};
  for (const MbarrierOpRow &R : MbarrierOps)
    Out[static_cast<size_t>(R.Op)] = true;
  return Out;
}
constexpr std::array<bool, NumOpcodes> NamesMbarrier = namesMbarrier();

/// An instruction that names an mbarrier, and what it does to it.
struct MbarrierUse {
  uint32_t Inst;
  const MbarrierOpRow *Row;
  const Operand *Count; ///< Init's count; an arrive's count, if given.
  std::optional<Targets> Objects;
};

const MbarrierOpRow *rowOf(const Function &F, const Instruction &I) {
  llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
  auto Has = [&](llvm::StringRef Q) {
    return llvm::any_of(Quals, [&](Span S) { return S.text() == Q; });
  };
  for (const MbarrierOpRow &R : MbarrierOps)
    if (I.op() == R.Op && Has(R.Qualifier) && (R.With.empty() || Has(R.With)))
      return &R;
  return nullptr;
}

const Operand *addressOperand(const Function &F, const Instruction &I,
                              int Index) {
  llvm::ArrayRef<Operand> Ops = F.operands(I.Operands);
  if (Index >= 0)
    return size_t(Index) < Ops.size() && Ops[Index].Kind == OperandKind::Address
               ? &Ops[Index]
               : nullptr;
  for (size_t K = Ops.size(); K-- > 0;)
    if (Ops[K].Kind == OperandKind::Address)
      return &Ops[K];
  return nullptr;
}

/// An object as a finding names it: "smem+114688".
std::string spelling(const Target &T) {
  std::string S = readableFunctionName(T.Symbol);
  if (T.Offset > 0)
    S += "+" + std::to_string(T.Offset);
  else if (T.Offset < 0)
    S += std::to_string(T.Offset);
  return S;
}

/// One object's uses in a kernel whose every arrive names a known object.
struct MbarrierObject {
  Target Where;
  std::vector<const MbarrierUse *> Inits, Arrives, Others;
  bool Unmodelled = false;
};

/// What the lint knows of a kernel's mbarriers: its uses of them, the
/// objects its inits name, and, when an arrive names an address it does
/// not follow, that arrive.
class MbarrierModel {
public:
  explicit MbarrierModel(const HazardFunction &C) : C(C), Resolve(C) {
    if (!C.F.IsEntry)
      return;
    for (uint32_t I = 0; I < C.F.Instructions.size(); ++I) {
      const Instruction &Inst = C.F.Instructions[I];
      if (!NamesMbarrier[static_cast<size_t>(Inst.op())])
        continue;
      if (const MbarrierOpRow *R = rowOf(C.F, Inst))
        Uses.push_back({I, R, nullptr, std::nullopt});
    }
    if (llvm::none_of(Uses, [](const MbarrierUse &U) {
          return U.Row->Kind == MbarrierKind::Init;
        }))
      return;
    if (!C.isWholeKernel()) {
      NotWhole = true;
      return;
    }
    for (MbarrierUse &U : Uses) {
      const Instruction &Inst = C.F.Instructions[U.Inst];
      llvm::ArrayRef<Operand> Ops = C.F.operands(Inst.Operands);
      if (const Operand *A = addressOperand(C.F, Inst, U.Row->Address))
        U.Objects = Resolve.of(*A, U.Inst);
      if (U.Row->Count >= 0 && size_t(U.Row->Count) < Ops.size())
        U.Count = &Ops[U.Row->Count];
      // An arrive or a change of count that may name any object leaves
      // every object's arrivals unknown.
      if (!U.Objects && U.Row->Kind != MbarrierKind::NoArrive &&
          U.Row->Kind != MbarrierKind::Wait) {
        Unfollowed = U.Inst;
        return;
      }
      llvm::ArrayRef<Span> Quals = C.F.qualifiers(Inst.Qualifiers);
      if (U.Objects && llvm::any_of(Quals, [](Span S) {
            return S.text().starts_with(".multicast");
          }))
        for (Target &T : *U.Objects)
          T.Remote = true;
    }
    // Every `extern .shared` array of a kernel starts at the start of its
    // dynamic shared memory, and the PTX of one function does not say which
    // variables are such arrays: with more than one variable, objects are
    // told apart by their offsets alone, which can only add arrivals.
    const char *First = nullptr;
    for (const MbarrierUse &U : Uses)
      if (U.Objects)
        for (const Target &T : *U.Objects) {
          First = First ? First : T.Symbol.data();
          OneVariable &= T.Symbol.data() == First;
        }
    for (const MbarrierUse &U : Uses)
      if (U.Row->Kind == MbarrierKind::Init)
        for (const Target &T : *U.Objects)
          Objects.insert({key(T), {T, {}, {}, {}, false}});
    for (const MbarrierUse &U : Uses)
      if (U.Objects)
        for (const Target &T : *U.Objects)
          add(U, T);
    Waits.resize(C.F.Instructions.size());
    for (const MbarrierUse &U : Uses)
      if (U.Row->Kind == MbarrierKind::Wait)
        Waits.set(U.Inst);
    Pair = llvm::any_of(C.F.Tcgen05, [&](const Tcgen05Inst &T) {
      return C.hasQualifier(T, ".cta_group::2");
    });
  }

  /// What the lint concludes of one object.
  struct Judgement {
    std::optional<int64_t> Count; ///< Every init's, when they agree.
    const MbarrierUse *Wait = nullptr;
    bool Bounded = true;
    uint64_t Most[2] = {0, 0}; ///< Arrivals a phase, in each CTA.
    WarpSet Arriving;
  };

  Judgement judge(const MbarrierObject &O) {
    Judgement J;
    if (O.Inits.empty())
      return J;
    J.Count = Resolve.constant(*O.Inits.front()->Count, O.Inits.front()->Inst);
    if (llvm::any_of(O.Inits, [&](const MbarrierUse *U) {
          return Resolve.constant(*U->Count, U->Inst) != J.Count;
        }))
      J.Count.reset();
    for (const MbarrierUse *U : O.Others)
      if (!J.Wait && Waits.test(U->Inst))
        J.Wait = U;
    for (const MbarrierUse *U : O.Arrives) {
      std::optional<uint64_t> Each = perWarp(*U);
      if (!Each) {
        J.Bounded = false;
        continue;
      }
      WarpSet May = C.roles().atInstruction(U->Inst);
      for (unsigned R = 0; R < 2; ++R) {
        J.Most[R] += *Each * llvm::popcount(May.Warps[R]);
        J.Arriving.Warps[R] |= May.Warps[R];
      }
    }
    return J;
  }

  /// The most times an arrive can arrive in one phase, per warp: once per
  /// thread that executes it, where the thread waits at some mbarrier
  /// before it arrives there again (a pipeline's stage waits for the phase
  /// the arrive completes); unbounded around a loop with no wait.
  std::optional<uint64_t> perWarp(const MbarrierUse &U) {
    auto [It, New] = PerWarpOf.try_emplace(U.Inst);
    if (!New)
      return It->second;
    std::optional<uint64_t> &Out = It->second;
    uint64_t Count = 1;
    if (U.Count) {
      std::optional<int64_t> K = Resolve.constant(*U.Count, U.Inst);
      if (!K || *K < 0)
        return Out;
      Count = uint64_t(*K);
    }
    bool Again = false;
    C.walkAfter(U.Inst, [&](uint32_t I) {
      if (I == U.Inst)
        Again = true;
      return !Again && !Waits.test(I);
    });
    if (!Again)
      Out = (C.U.isSingleThreadInst(U.Inst) ? 1 : 32) * Count;
    return Out;
  }

  const HazardFunction &C;
  AddressResolver Resolve;
  std::vector<MbarrierUse> Uses;
  /// By symbol (one pointer per name) and offset, in the order of their
  /// first init.
  llvm::MapVector<std::pair<const char *, int64_t>, MbarrierObject> Objects;
  std::optional<uint32_t> Unfollowed;
  bool NotWhole = false, Pair = false, OneVariable = true;

private:
  std::pair<const char *, int64_t> key(const Target &T) const {
    return {OneVariable ? T.Symbol.data() : nullptr, T.Offset};
  }

  void add(const MbarrierUse &U, const Target &T) {
    auto *It = Objects.find(key(T));
    if (It == Objects.end())
      return;
    MbarrierObject &O = It->second;
    switch (U.Row->Kind) {
    case MbarrierKind::Init:
      O.Inits.push_back(&U);
      O.Unmodelled |= T.Remote;
      break;
    case MbarrierKind::Arrive:
      O.Arrives.push_back(&U);
      // Arrivals from CTAs beyond the pair the roles model.
      O.Unmodelled |= T.Remote;
      break;
    case MbarrierKind::Wait:
    case MbarrierKind::NoArrive:
      O.Others.push_back(&U);
      break;
    case MbarrierKind::Unknown:
      O.Unmodelled = true;
      break;
    }
  }

  llvm::BitVector Waits;
  llvm::DenseMap<uint32_t, std::optional<uint64_t>> PerWarpOf;
};

} // namespace

void tcgen05::checkMbarrierNeverCompletes(const HazardContext &C) {
  MbarrierModel Model(C);
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
    OS << "  mbarriers: told apart by offset alone, the kernel names more "
          "than one variable\n";
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
}
