//===- KernelGraph.h - A kernel body parsed, and its graph ------*- C++ -*-===//
//
// For the analysis tests: wraps a body in a module with %r0-%r8, %p0-%p2
// and %rd0-%rd2 declared, parses it, and builds its control-flow graph.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_UNITTESTS_KERNELGRAPH_H
#define TCGEN05_UNITTESTS_KERNELGRAPH_H

#include "tcgen05/Analysis/ControlFlowGraph.h"
#include "tcgen05/Analysis/Registers.h"
#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>

namespace tcgen05 {

struct KernelGraph {
  std::string Text;
  Module M;
  DiagnosticSink Sink;
  std::unique_ptr<RegisterNames> Names;
  std::unique_ptr<ControlFlowGraph> G;

  explicit KernelGraph(const std::string &Body) {
    Text = ".version 9.0\n.target sm_100a\n.address_size 64\n"
           ".visible .entry k()\n{\n"
           ".reg .b32 %r<9>;\n.reg .pred %p<3>;\n.reg .b64 %rd<3>;\n" +
           Body + "\n}\n";
    parseModule(Text, M, Sink);
    parseFunctionBody(M.Functions.at(0), Sink, nullptr);
    Names = std::make_unique<RegisterNames>(M.Functions.at(0));
    G = std::make_unique<ControlFlowGraph>(M.Functions.at(0), *Names);
  }
  const Function &fn() const { return M.Functions.at(0); }
  /// The block of the first instruction whose text starts with Prefix.
  CFGBlock *at(llvm::StringRef Prefix) {
    for (uint32_t I = 0; I < fn().Instructions.size(); ++I)
      if (fn().Instructions[I].src().text().starts_with(Prefix))
        return &G->block(G->blockOf(I).Number);
    ADD_FAILURE() << "no instruction " << Prefix.str();
    return &G->front();
  }
};

} // namespace tcgen05

#endif
