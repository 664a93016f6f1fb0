//===- ModuleSymbolsTest.cpp - Function names numbered for the module checks
//===//
//
// The kernel-level checks (one .cta_group per kernel, unresolved functions)
// read callees by number.  These tests pin what a number stands for: the
// last body of a name, its first declaration without one, and no number
// for names that are not functions.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Sema/Symbols.h"
#include "tcgen05/Sema/Tcgen05Check.h"
#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tcgen05;

namespace {

struct ParsedModule {
  std::string Text;
  Module M;
  DiagnosticSink Sink;
  ModuleSymbols Symbols;
  Tcgen05SyntaxParser T5;

  explicit ParsedModule(const std::string &Decls) {
    Text = ".version 9.0\n.target sm_100a\n.address_size 64\n" + Decls;
    parseModule(Text, M, Sink);
    Symbols.build(M, Sink);
  }
  uint32_t find(const char *Name) const { return Symbols.findFunction(Name); }
  const FunctionName &function(const char *Name) const {
    return Symbols.functions()[find(Name)];
  }
  /// Every body's summary, indexed like M.Functions.
  std::vector<CtaGroupSummary> summaries() {
    std::vector<CtaGroupSummary> S(M.Functions.size());
    for (size_t I = 0; I < M.Functions.size(); ++I) {
      if (!M.Functions[I].HasBody)
        continue;
      parseFunctionBody(M.Functions[I], Sink, &T5);
      S[I] = summarizeCtaGroups(M.Functions[I], Symbols);
    }
    return S;
  }
};

} // namespace

TEST(ModuleSymbolsTest, NumbersStandForLastBodyAndFirstDeclaration) {
  ParsedModule P(".func f();\n"
                 ".extern .func f();\n"
                 ".func f()\n{\nret;\n}\n"
                 ".func g()\n{\nret;\n}\n"
                 ".func g()\n{\nret;\n}\n"
                 ".extern .func h();\n");
  ASSERT_EQ(P.M.Functions.size(), 6u);
  EXPECT_EQ(P.Symbols.functions().size(), 3u);
  EXPECT_EQ(P.function("f").FirstDeclaration, 0u);
  EXPECT_EQ(P.function("f").LastBody, 2u);
  // The second definition of g is the one a call reaches.
  EXPECT_EQ(P.function("g").LastBody, 4u);
  EXPECT_EQ(P.function("g").FirstDeclaration, FunctionName::None);
  EXPECT_EQ(P.function("h").LastBody, FunctionName::None);
  EXPECT_EQ(P.function("h").FirstDeclaration, 5u);
}

TEST(ModuleSymbolsTest, OnlyFunctionsHaveNumbers) {
  ParsedModule P(".global .b32 gv;\n"
                 ".global .b32 _Zv;\n"
                 ".func _Zf()\n{\nret;\n}\n");
  EXPECT_NE(P.find("_Zf"), FunctionName::None);
  // A variable, one that shares a function's first byte, a label, a name
  // declared nowhere, and the empty name.
  for (const char *Name : {"gv", "_Zv", "$L__BB0_1", "_Zg", ""})
    EXPECT_EQ(P.find(Name), FunctionName::None) << Name;
}

TEST(ModuleSymbolsTest, SummariesNameCalleesAndAddressesByNumber) {
  ParsedModule P(".extern .func ext();\n"
                 ".func def()\n{\nret;\n}\n"
                 ".global .b64 gv;\n"
                 ".visible .entry k()\n{\n.reg .b64 %rd<2>;\n"
                 "call ext;\ncall def;\nmov.u64 %rd1, def;\n"
                 "mov.u64 %rd1, gv;\n$L__BB0_1:\nbra.uni $L__BB0_1;\n}\n");
  std::vector<CtaGroupSummary> S = P.summaries();
  const CtaGroupSummary &K = S.at(2);
  ASSERT_EQ(K.Callees.size(), 2u);
  EXPECT_EQ(K.Callees[0].Function, P.find("ext"));
  EXPECT_EQ(K.Callees[0].Use, "ext");
  EXPECT_EQ(K.Callees[1].Function, P.find("def"));
  ASSERT_EQ(K.AddressTaken.size(), 1u);
  EXPECT_EQ(K.AddressTaken[0].Function, P.find("def"));

  // Only the called function without a body is unresolved, at its use.
  DiagnosticSink Unresolved;
  checkUnresolvedFunctions(P.M, P.Symbols, S, /*SeparateCompilation=*/false,
                           Unresolved);
  ASSERT_EQ(Unresolved.diagnostics().size(), 1u);
  EXPECT_EQ(Unresolved.diagnostics()[0].ID, DiagID::err_unresolved_function);
  EXPECT_EQ(Unresolved.diagnostics()[0].Range.Start.getPointer(),
            K.Callees[0].Use.data());
  // With separate compilation an .extern declaration may stay undefined.
  DiagnosticSink Separate;
  checkUnresolvedFunctions(P.M, P.Symbols, S, /*SeparateCompilation=*/true,
                           Separate);
  EXPECT_TRUE(Separate.diagnostics().empty());
}
