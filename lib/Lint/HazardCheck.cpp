//===- HazardCheck.cpp - Order and thread hazards of tcgen05 code ---------===//
//
// The table of lints and the lints about which threads issue an
// instruction; the allocation lints are in HazardLifecycle.cpp, the ordering
// lints in HazardOrder.cpp.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Lint/HazardCheck.h"

#include "HazardContext.h"

#include "tcgen05/Analysis/Dominators.h"
#include "tcgen05/Analysis/FunctionAnalyses.h"
#include "tcgen05/Basic/Demangle.h"

#include "llvm/ADT/STLExtras.h"

#include <utility>

using namespace tcgen05;

const Operand *HazardFunction::operand(const Tcgen05Inst &T,
                                       Tcgen05OperandRole Role) const {
  for (uint32_t K = 0; K < T.NumOperands; ++K) {
    const Tcgen05Operand &O = F.Tcgen05Nodes.Operands[T.FirstOperand + K];
    if (O.Role == Role)
      return &F.Operands[O.Operand];
  }
  return nullptr;
}

bool HazardFunction::hasClass(const Tcgen05Inst &T, Tcgen05QualClass C) const {
  for (uint32_t K = 0; K < T.NumQualifiers; ++K)
    if (F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K].Class == C)
      return true;
  return false;
}

bool HazardFunction::hasQualifier(const Tcgen05Inst &T,
                                  llvm::StringRef Q) const {
  for (uint32_t K = 0; K < T.NumQualifiers; ++K)
    if (F.Qualifiers[F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K].Qualifier]
            .text() == Q)
      return true;
  return false;
}

namespace {
struct SyncRow {
  Opcode Op;
  llvm::StringLiteral First, Second;
  bool Acquires, Releases, PeerWait;
  SyncFamily Family;
};
constexpr SyncRow SyncRows[] = {
#define THREAD_SYNC(Op, First, Second, Acq, Rel, Peer, Family)                 \
  {opcodeNamed(Op), First, Second, Acq, Rel, Peer, SyncFamily::Family},
#include "ThreadSync.def"
};
// The classification below looks only at opcodes with OpSync.
#define THREAD_SYNC(Op, First, Second, Acq, Rel, Peer, Family)                 \
  static_assert(hasProperty(opcodeNamed(Op), OpSync),                          \
                "a ThreadSync.def row's opcode lacks OpSync in Opcodes.def");
#include "ThreadSync.def"
} // namespace

/// Functions of the CUDA runtime that PTX calls and that never touch
/// Tensor Memory: device printf and the assert handler.
constexpr llvm::StringLiteral RuntimeFunctions[] = {"vprintf", "__assertfail",
                                                    "malloc", "free"};

bool HazardFunction::isRuntimeCall(const CallSite &S) const {
  return llvm::is_contained(RuntimeFunctions, S.Callee);
}

std::optional<HazardFunction::WholeKernelBlocker>
HazardFunction::wholeKernelBlocker() const {
  if (!G.unmodelled().empty()) {
    const UnmodelledConstruct &U = G.unmodelled().front();
    return WholeKernelBlocker{U.Inst,
                              U.Kind == UnmodelledConstruct::IndirectCall
                                  ? "an indirect call"
                                  : "a branch whose target is not known",
                              {}};
  }
  for (const CallSite &S : G.calls())
    if (!isRuntimeCall(S))
      return WholeKernelBlocker{S.Inst, {}, S.Callee};
  return std::nullopt;
}

bool HazardFunction::isWholeKernel() const {
  if (!F.IsEntry)
    return false;
  bool Whole = !wholeKernelBlocker();
  Cache.SkippedWhole |= !Whole;
  return Whole;
}

void HazardFunction::reportNotWhole() const {
  std::optional<WholeKernelBlocker> B = wholeKernelBlocker();
  if (!B)
    return;
  std::string What =
      B->Callee.empty() ? B->What.str()
                        : "a call of '" + readableFunctionName(B->Callee) + "'";
  Sink.report(DiagID::remark_hz_not_whole,
              F.Instructions[B->Inst].src().range(),
              {readableFunctionName(F.Name.text()), What});
}

void HazardFunction::classifySyncs() const {
  Cache.Syncs.assign(F.Instructions.size(), ThreadSync());
  Cache.SyncsAndTcgen05.clear();
  for (uint32_t Index = 0; Index < F.Instructions.size(); ++Index) {
    const Instruction &I = F.Instructions[Index];
    if (I.Tcgen05 != Instruction::NoTcgen05) {
      Cache.SyncsAndTcgen05.push_back(Index);
      continue;
    }
    if (!I.is(OpSync))
      continue;
    llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
    if (Quals.empty())
      continue;
    for (const SyncRow &R : SyncRows) {
      static_assert(std::size(SyncRows) < ThreadSync::NoRow);
      if (I.op() != R.Op || Quals[0].text() != R.First)
        continue;
      if (!R.Second.empty() &&
          (Quals.size() < 2 || Quals[1].text() != R.Second))
        continue;
      ThreadSync &S = Cache.Syncs[Index];
      S.Acquires = R.Acquires;
      S.Releases = R.Releases;
      S.PeerWait = R.PeerWait;
      S.Family = R.Family;
      S.Row = static_cast<uint8_t>(&R - SyncRows);
      S.Relaxed = llvm::any_of(
          Quals, [](const Span &Q) { return Q.text() == ".relaxed"; });
      if (S.any())
        Cache.SyncsAndTcgen05.push_back(Index);
      break;
    }
  }
}

void HazardFunction::giveUp(uint64_t Steps) const {
  if (!std::exchange(Cache.GaveUp, true))
    Sink.report(DiagID::remark_hz_incomplete, F.Name.range(),
                {readableFunctionName(F.Name.text()), Steps});
}

const WarpRoles &HazardFunction::roles() const {
  if (!Cache.Roles)
    Cache.Roles = std::make_unique<WarpRoles>(F, G, U, Cta.Warps);
  return *Cache.Roles;
}

bool HazardFunction::leadsTo(uint32_t From, uint32_t To) const {
  // A block at a time: a path that enters To's block reaches To.
  const CFGBlock &FB = G.blockOf(From), &TB = G.blockOf(To);
  if (&FB == &TB && To > From)
    return true;
  llvm::BitVector Seen(G.size());
  llvm::SmallVector<const CFGBlock *, 16> Work(FB.succs().begin(),
                                               FB.succs().end());
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (B == &TB)
      return true;
    if (Seen.test(B->Number))
      continue;
    Seen.set(B->Number);
    Work.append(B->succs().begin(), B->succs().end());
  }
  return false;
}

std::string HazardFunction::displayName(uint32_t Index) const {
  const Instruction &I = F.Instructions[Index];
  std::string Name = I.opcode().text().str();
  llvm::ArrayRef<Span> Quals = F.qualifiers(I.Qualifiers);
  if (const Tcgen05Inst *T = tcgen05At(Index)) {
    // The variant words: tcgen05.wait::ld, tcgen05.fence::after_thread_sync.
    for (uint32_t K = 0; K < T->NumQualifiers; ++K) {
      const Tcgen05Qualifier &Q =
          F.Tcgen05Nodes.Qualifiers[T->FirstQualifier + K];
      if (Q.Class == Tcgen05QualClass::Variant)
        Name += F.Qualifiers[Q.Qualifier].text().str();
    }
    return Name;
  }
  // The words of the sync table's row it matched (its first qualifier if
  // none), and .relaxed when present.
  uint8_t Row = threadSync(Index).Row;
  if (Row != ThreadSync::NoRow)
    (Name += SyncRows[Row].First.str()) += SyncRows[Row].Second.str();
  else if (!Quals.empty())
    Name += Quals.front().text().str();
  if (llvm::any_of(Quals, [](const Span &Q) { return Q.text() == ".relaxed"; }))
    Name += ".relaxed";
  return Name;
}

void tcgen05::checkAlignedDivergent(const HazardContext &C) {
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (!C.hasClass(T, Tcgen05QualClass::Aligned))
      continue;
    const Instruction &I = C.inst(T);
    bool GuardVaries = C.U.guard(T.Instruction) != ValueKind::Uniform;
    const CFGBlock &B = C.G.blockOf(T.Instruction);
    if (!GuardVaries && !C.U.isDivergent(B))
      continue;
    Diagnostic &D = C.report(T.Instruction, {tcgen05OpcodeName(T.Opcode)});
    if (GuardVaries)
      D.note(DiagID::note_hz_diverges_here, I.guardSrc().range(), {});
    else if (uint32_t Branch = C.U.divergingBranch(B); Branch != ~0u)
      D.note(DiagID::note_hz_diverges_here,
             C.F.Instructions[Branch].src().range(), {});
    C.cite(D);
  }
}

void tcgen05::checkSingleIssueAllThreads(const HazardContext &C) {
  // A .func may be called from one thread; only a kernel's entry is known
  // to start with the whole warp.
  if (!C.F.IsEntry)
    return;
  for (const Tcgen05Inst &T : C.F.Tcgen05) {
    if (!hasProperty(T.Opcode, T5SingleIssue) ||
        C.U.guard(T.Instruction) != ValueKind::Uniform ||
        C.U.isDivergent(C.G.blockOf(T.Instruction)) ||
        C.U.isSingleThreadInst(T.Instruction))
      continue;
    C.cite(C.report(T.Instruction, {tcgen05OpcodeName(T.Opcode)}));
  }
}

namespace {

struct HazardLint {
  DiagID ID;
  const char *Section;
  void (*Check)(const HazardContext &);
};

constexpr HazardLint Lints[] = {
#define HAZARD(Lint, Name, Code, Severity, Group, Section, Format)             \
  {DiagID::Name, Section, &tcgen05::check##Lint},
#include "tcgen05/Basic/Hazards.def"
};

} // namespace

llvm::ArrayRef<DiagID> tcgen05::hazardDiagnostics() {
  static constexpr DiagID IDs[] = {
#define HAZARD(Lint, Name, Code, Severity, Group, Section, Format) DiagID::Name,
#include "tcgen05/Basic/Hazards.def"
  };
  return IDs;
}

void tcgen05::checkHazards(const Module &M, const Function &F,
                           DiagnosticSink &Sink, llvm::ArrayRef<DiagID> Skip,
                           FunctionAnalyses *Shared,
                           unsigned StepsPerInstruction) {
  if (F.Tcgen05.empty())
    return;
  std::optional<FunctionAnalyses> Own;
  FunctionAnalyses &A =
      Shared ? *Shared : Own.emplace(F, FunctionEnv::of(M, F));
  HazardCache Cache;
  HazardFunction Fn{F,     A.cfg(), A.dominators(),      A.uniformity(), Sink,
                    Cache, A,       StepsPerInstruction, A.env().Cta};
  for (const HazardLint &L : Lints)
    if (!llvm::is_contained(Skip, L.ID))
      L.Check(HazardContext(Fn, L.ID, L.Section));
  if (Cache.SkippedWhole)
    Fn.reportNotWhole();
}
