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
  std::unique_ptr<ControlFlowGraph> G;

  explicit KernelGraph(const std::string &Body) {
    Text = ".version 9.0\n.target sm_100a\n.address_size 64\n"
           ".visible .entry k()\n{\n"
           ".reg .b32 %r<9>;\n.reg .pred %p<3>;\n.reg .b64 %rd<3>;\n" +
           Body + "\n}\n";
    parseModule(Text, M, Sink);
    parseFunctionBody(M.Functions.at(0), Sink, nullptr);
    G = std::make_unique<ControlFlowGraph>(M.Functions.at(0));
    expectSameGraphWithNames();
  }
  /// The graph built on the function's numbering of names (as the analyses
  /// build it) is the graph built by hashing label names.
  void expectSameGraphWithNames() const {
    RegisterNames Names(fn());
    ControlFlowGraph H(fn(), &Names);
    ASSERT_EQ(H.size(), G->size());
    for (uint32_t B = 0; B < G->size(); ++B) {
      const CFGBlock &X = G->block(B), &Y = H.block(B);
      EXPECT_EQ(X.FirstInst, Y.FirstInst) << "bb" << B;
      EXPECT_EQ(X.EndInst, Y.EndInst) << "bb" << B;
      ASSERT_EQ(X.Succs.size(), Y.Succs.size()) << "bb" << B;
      for (size_t K = 0; K < X.Succs.size(); ++K)
        EXPECT_EQ(X.Succs[K]->Number, Y.Succs[K]->Number) << "bb" << B;
    }
    EXPECT_EQ(H.unmodelled().size(), G->unmodelled().size());
  }
  const Function &fn() const { return M.Functions.at(0); }
  /// The block of the first instruction whose text starts with Prefix.
  CFGBlock *at(llvm::StringRef Prefix) {
    for (uint32_t I = 0; I < fn().Instructions.size(); ++I)
      if (fn().Instructions[I].Src.text().starts_with(Prefix))
        return &G->block(G->blockOf(I).Number);
    ADD_FAILURE() << "no instruction " << Prefix.str();
    return &G->front();
  }
};

} // namespace tcgen05

#endif
