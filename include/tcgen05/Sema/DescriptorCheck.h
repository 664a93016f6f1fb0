//===- DescriptorCheck.h - Descriptor values of tcgen05.mma ------*- C++ -*-===//
//
// ptxas never looks at descriptor values.  This check follows the known
// bits of each tcgen05.mma instruction descriptor operand (KnownBits.h) and
// checks the fields that are known (PTX ISA 9.7.16.4.2, Table 39).
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_SEMA_DESCRIPTORCHECK_H
#define TCGEN05_SEMA_DESCRIPTORCHECK_H

#include "tcgen05/AST/AST.h"

namespace tcgen05 {

class DiagnosticSink;
struct AnalysisStats;

struct DescriptorCheckOptions {
  /// Say when a function's analysis stops short (TC4100): its budget is
  /// spent or its control flow is not fully known.
  bool RemarkIncompleteAnalysis = false;
};

/// Checks F's descriptor operands; counts them into Stats when given.
void checkDescriptors(const Module &M, const Function &F,
                      DiagnosticSink &Sink,
                      const DescriptorCheckOptions &Opts = {},
                      AnalysisStats *Stats = nullptr);

} // namespace tcgen05

#endif
