//===- CtaGroups.cpp - One .cta_group per kernel --------------------------===//
//
// "All tcgen05 instructions within a kernel must specify the same value for
// the .cta_group qualifier" (PTX ISA 9.7.16.7.1).  ptxas applies this to
// everything a kernel can reach: the functions it calls and the functions
// whose address is taken (an indirect call may reach them), and names no
// line.  Here each body is summarized on its own (possibly on another
// thread) and the kernels are checked once all summaries exist.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/Demangle.h"
#include "tcgen05/Sema/Tcgen05Check.h"

#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace tcgen05;

namespace {

/// Function names used as values (not called) in R.
void collectFunctionNames(const Function &F, IndexRange R,
                          const FunctionNameSet &Functions,
                          std::vector<llvm::StringRef> &Out) {
  for (const Operand &O : F.operands(R)) {
    if (O.Kind == OperandKind::Symbol) {
      if (Functions.contains(O.text()))
        Out.push_back(O.text());
    } else if (O.Children.Count && O.Kind != OperandKind::Address) {
      collectFunctionNames(F, O.Children, Functions, Out);
    }
  }
}

} // namespace

CtaGroupSummary
tcgen05::summarizeCtaGroups(const Function &F,
                            const FunctionNameSet &Functions) {
  CtaGroupSummary S;
  for (const Tcgen05Inst &T : F.Tcgen05) {
    for (uint32_t K = 0; K < T.NumQualifiers; ++K) {
      const Tcgen05Qualifier &Q =
          F.Tcgen05Nodes.Qualifiers[T.FirstQualifier + K];
      if (Q.Class != Tcgen05QualClass::CtaGroup)
        continue;
      llvm::StringRef W = F.Qualifiers[Q.Qualifier].text();
      int G = W == ".cta_group::1" ? 0 : W == ".cta_group::2" ? 1 : -1;
      if (G >= 0 && !S.First[G].valid())
        S.First[G] = F.Qualifiers[Q.Qualifier];
    }
  }
  for (const Instruction &I : F.Instructions) {
    llvm::StringRef Op = I.Opcode.text();
    if (Op == "call") {
      llvm::StringRef Callee = calledFunction(F, I);
      if (!Callee.empty())
        S.Callees.push_back(Callee);
      continue;
    }
    collectFunctionNames(F, I.Operands, Functions, S.AddressTaken);
  }
  return S;
}

void tcgen05::appendSummary(CtaGroupSummary &Into, CtaGroupSummary &&Piece) {
  for (int G = 0; G < 2; ++G)
    if (!Into.First[G].valid())
      Into.First[G] = Piece.First[G];
  Into.Callees.insert(Into.Callees.end(), Piece.Callees.begin(),
                      Piece.Callees.end());
  Into.AddressTaken.insert(Into.AddressTaken.end(), Piece.AddressTaken.begin(),
                           Piece.AddressTaken.end());
}

void tcgen05::checkKernelCtaGroups(
    const Module &M, const std::vector<CtaGroupSummary> &Summaries,
    bool SeparateCompilation, DiagnosticSink &Sink) {
  // Function bodies by name (the last body wins, as the last definition
  // does).
  llvm::StringMap<size_t> Bodies;
  for (size_t I = 0; I < M.Functions.size(); ++I)
    if (M.Functions[I].HasBody)
      Bodies[M.Functions[I].Name.text()] = I;
  // Functions whose address is taken anywhere may be reached by any
  // indirect call.
  std::vector<size_t> AddressTaken;
  for (const CtaGroupSummary &S : Summaries)
    for (llvm::StringRef N : S.AddressTaken) {
      auto It = Bodies.find(N);
      if (It != Bodies.end())
        AddressTaken.push_back(It->second);
    }

  for (size_t K = 0; K < M.Functions.size(); ++K) {
    const Function &Kernel = M.Functions[K];
    if (!Kernel.HasBody || (!SeparateCompilation && !Kernel.IsEntry))
      continue;
    // Breadth-first over what the kernel reaches; Via[I] is how I was
    // reached, for the note.
    llvm::DenseSet<size_t> Seen{K};
    std::vector<size_t> Work{K};
    if (!SeparateCompilation)
      for (size_t A : AddressTaken)
        if (Seen.insert(A).second)
          Work.push_back(A);
    Span First[2];
    for (size_t W = 0; W < Work.size(); ++W) {
      const CtaGroupSummary &S = Summaries[Work[W]];
      for (int G = 0; G < 2; ++G)
        if (S.First[G].valid() &&
            (!First[G].valid() || S.First[G].Begin < First[G].Begin))
          First[G] = S.First[G];
      if (SeparateCompilation)
        continue;
      for (llvm::StringRef C : S.Callees) {
        auto It = Bodies.find(C);
        if (It != Bodies.end() && Seen.insert(It->second).second)
          Work.push_back(It->second);
      }
    }
    if (!First[0].valid() || !First[1].valid())
      continue;
    // The offender is the group the kernel's own body does not use; when
    // the body uses both (or neither), the later of the two in the file.
    const CtaGroupSummary &Own = Summaries[K];
    int Late = First[1].Begin > First[0].Begin ? 1 : 0;
    if (Own.First[0].valid() != Own.First[1].valid())
      Late = Own.First[0].valid() ? 1 : 0;
    const char *Groups[2] = {".cta_group::1", ".cta_group::2"};
    Diagnostic &D = Sink.report(DiagID::err_tcgen05_cta_group_mix,
                                First[Late].range(),
                                {readableFunctionName(Kernel.Name.text())});
    D.note(DiagID::note_tcgen05_other_group, First[1 - Late].range(),
           {Groups[1 - Late]});
    D.note(DiagID::note_cite, {}, {"9.7.16.7.1"});
  }
}

/// The system calls of the CUDA ABI, which ptxas 13.0 provides itself: a
/// whole program may call them without defining them.  Others it refuses
/// (probed: printf, memcpy, __nv_*, the cudaDevice* calls).
static constexpr llvm::StringLiteral AbiSystemCalls[] = {"vprintf", "malloc", "free",
                                                         "__assertfail"};

void tcgen05::checkUnresolvedFunctions(
    const Module &M, const std::vector<CtaGroupSummary> &Summaries,
    bool SeparateCompilation, DiagnosticSink &Sink) {
  llvm::StringMap<const Function *> Declared;
  llvm::StringSet<> Defined;
  for (const Function &F : M.Functions) {
    if (F.HasBody)
      Defined.insert(F.Name.text());
    else
      Declared.try_emplace(F.Name.text(), &F);
  }
  // One report per function, at its first use in source order.
  llvm::StringMap<std::pair<llvm::StringRef, bool>> FirstUse;
  for (const CtaGroupSummary &S : Summaries) {
    auto Note = [&](llvm::StringRef Use, bool Call) {
      auto [It, New] = FirstUse.try_emplace(Use, Use, Call);
      if (!New && Use.data() < It->second.first.data())
        It->second = {Use, Call};
    };
    for (llvm::StringRef C : S.Callees)
      Note(C, true);
    for (llvm::StringRef A : S.AddressTaken)
      Note(A, false);
  }
  std::vector<std::pair<llvm::StringRef, bool>> Uses;
  for (const auto &E : FirstUse) {
    llvm::StringRef Name = E.first();
    if (Defined.count(Name) || !Declared.count(Name) ||
        llvm::is_contained(AbiSystemCalls, Name))
      continue;
    // Only an .extern declaration may be defined by another module.
    if (SeparateCompilation && Declared.lookup(Name)->Linkage.text() == ".extern")
      continue;
    Uses.push_back(E.second);
  }
  llvm::sort(Uses, [](const auto &A, const auto &B) {
    return A.first.data() < B.first.data();
  });
  for (const auto &[Use, Call] : Uses) {
    std::string Name = readableFunctionName(Use);
    llvm::SMRange R = Span(Use.begin(), Use.end()).range();
    Diagnostic &D = Sink.report(Call ? DiagID::err_unresolved_function
                                     : DiagID::err_unresolved_function_address,
                                R, {Name});
    const Function &F = *Declared.lookup(Use);
    D.note(DiagID::note_declared_here, F.Name.range(), {Name});
    D.note(F.Linkage.text() == ".extern" ? DiagID::note_separate_compilation
                                         : DiagID::note_not_extern,
           {}, {});
  }
}
