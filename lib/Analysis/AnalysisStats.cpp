//===- AnalysisStats.cpp - What a check looked at, in numbers -------------===//

#include "tcgen05/Analysis/AnalysisStats.h"

#include "llvm/Support/raw_ostream.h"

using namespace tcgen05;

AnalysisStats &AnalysisStats::operator+=(const AnalysisStats &O) {
  Functions += O.Functions;
  FunctionsInPieces += O.FunctionsInPieces;
  Statements += O.Statements;
  Tcgen05Instructions += O.Tcgen05Instructions;
  DescriptorsKnown += O.DescriptorsKnown;
  DescriptorsPartlyKnown += O.DescriptorsPartlyKnown;
  DescriptorsUnknown += O.DescriptorsUnknown;
  FunctionsIncomplete += O.FunctionsIncomplete;
  return *this;
}

void AnalysisStats::countDescriptor(uint64_t Known, unsigned Width) {
  uint64_t All = Width >= 64 ? ~0ull : (1ull << Width) - 1;
  Known &= All;
  if (Known == All)
    ++DescriptorsKnown;
  else if (Known)
    ++DescriptorsPartlyKnown;
  else
    ++DescriptorsUnknown;
}

void AnalysisStats::print(llvm::raw_ostream &OS) const {
  OS << "functions: " << Functions << '\n'
     << "functions checked in pieces: " << FunctionsInPieces << '\n'
     << "statements: " << Statements << '\n'
     << "tcgen05 instructions: " << Tcgen05Instructions << '\n'
     << "descriptor operands fully known: " << DescriptorsKnown << '\n'
     << "descriptor operands partly known: " << DescriptorsPartlyKnown << '\n'
     << "descriptor operands unknown: " << DescriptorsUnknown << '\n'
     << "functions not fully analysed: " << FunctionsIncomplete << '\n';
}
