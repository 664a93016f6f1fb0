//===- DescriptorCheck.h - Descriptor values of tcgen05.mma ------*- C++
//-*-===//
//
// ptxas never looks at descriptor values.  This check follows the known
// bits of each tcgen05.mma instruction descriptor operand (KnownBits.h) and
// checks the fields that are known (PTX ISA 9.7.16.4.2, Table 39).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_LINT_DESCRIPTORCHECK_H
#define TCGEN05_LINT_DESCRIPTORCHECK_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/AST/Tcgen05Inst.h"
#include "tcgen05/Descriptors/InstrDesc.h"

#include <vector>

namespace tcgen05 {

class FunctionAnalyses;

class DiagnosticSink;
struct AnalysisStats;

struct DescriptorCheckOptions {
  /// Say when a function's analysis stops short (TC4100): its budget is
  /// spent or its control flow is not fully known.
  bool RemarkIncompleteAnalysis = false;
};

/// One descriptor operand of a tcgen05.mma or tcgen05.cp and what the
/// analysis knows of its value there.
struct DescriptorSite {
  static constexpr uint32_t NoDef = ~0u;
  /// The instruction that reads the descriptor (index into F.Instructions).
  uint32_t Consumer;
  /// The instruction whose result the value is, NoDef for an immediate
  /// operand or a value merged from several definitions.
  uint32_t Def;
  /// Where a '>> 4' dropped set bits of it (NoDef: nowhere).
  uint32_t Misaligned;
  DescriptorKind Kind;
  Tcgen05OperandRole Role;
  const Operand *Op;
  uint64_t Value, Known;
  /// The reading instruction's kind, qualifiers and target, with what the
  /// other descriptors of the instruction tell (M, transposes).
  IdescUse Use;
};

/// Every descriptor operand of F's tcgen05.mma and tcgen05.cp instructions
/// with the bits known where it is read, in instruction order.
std::vector<DescriptorSite> collectDescriptorSites(const Module &M,
                                                   const Function &F);

/// Checks F's descriptor operands; counts them into Stats when given.
/// Shared, when given, holds F's graph and register numbering for other
/// checks too.
void checkDescriptors(const Module &M, const Function &F, DiagnosticSink &Sink,
                      const DescriptorCheckOptions &Opts = {},
                      AnalysisStats *Stats = nullptr,
                      FunctionAnalyses *Shared = nullptr);

} // namespace tcgen05

#endif
