//===- Tcgen05Syntax.cpp - Structured parse of tcgen05 statements ---------===//
//
// Runs the generated lexer and parser on one statement, from its 'tcgen05'
// opcode through its ';'.  Parsing starts in SLL mode, which is exact for
// nearly every input and much cheaper; only a statement that fails is
// parsed again in full LL mode, so that its error is the real one.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Syntax/Tcgen05Syntax.h"

#include "Tcgen05ErrorStrategy.h"
#include "Tcgen05Grammar.h"
#include "Tcgen05SyntaxErrors.h"
#include "Tcgen05Transformer.h"

#include "tcgen05/AST/AST.h"
#include "tcgen05/Basic/Diagnostic.h"

using namespace tcgen05;
using namespace tcgen05::syntax;

struct Tcgen05SyntaxParser::Impl {
  static constexpr char NonAscii = '\x7f';

  antlr4::ANTLRInputStream Input;
  tcgen05grammar::Tcgen05Lexer Lexer{&Input};
  antlr4::CommonTokenStream Tokens{&Lexer};
  tcgen05grammar::Tcgen05Parser Parser{&Tokens};
  std::shared_ptr<FirstErrorStrategy> Errors =
      std::make_shared<FirstErrorStrategy>();
  std::string Text;

  Impl() {
    Lexer.removeErrorListeners();
    Parser.removeErrorListeners();
    Parser.setErrorHandler(Errors);
  }

  G::StatementContext *run(antlr4::atn::PredictionMode Mode) {
    Parser.reset();
    Errors->clear();
    Parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        Mode);
    try {
      return Parser.statement();
    } catch (antlr4::ParseCancellationException &) {
      return nullptr;
    }
  }

  bool parse(Function &F, uint32_t InstIndex, DiagnosticSink &Sink);
  void reportSyntaxError(const char *Base, DiagnosticSink &Sink);
};

Tcgen05SyntaxParser::Tcgen05SyntaxParser() : P(std::make_unique<Impl>()) {}
Tcgen05SyntaxParser::~Tcgen05SyntaxParser() = default;

bool Tcgen05SyntaxParser::parse(Function &F, uint32_t InstIndex,
                                DiagnosticSink &Sink) {
  try {
    return P->parse(F, InstIndex, Sink);
  } catch (std::exception &E) {
    Sink.report(
        DiagID::err_tcgen05_syntax, F.Instructions[InstIndex].Src.range(),
        {"tcgen05 instruction", std::string("the parser failed: ") + E.what()});
  } catch (...) {
    Sink.report(DiagID::err_tcgen05_syntax,
                F.Instructions[InstIndex].Src.range(),
                {"tcgen05 instruction", "the parser failed"});
  }
  return false;
}

bool Tcgen05SyntaxParser::Impl::parse(Function &F, uint32_t InstIndex,
                                      DiagnosticSink &Sink) {
  const Instruction &I = F.Instructions[InstIndex];
  // A qualifier with blanks inside '::' was reported by the lexer already,
  // and this grammar would only see a different split of it.
  for (const Span &Q : F.qualifiers(I.Qualifiers))
    if (Q.text().find_first_of(" \t") != llvm::StringRef::npos)
      return false;

  const char *Base = I.Opcode.Begin;
  Text.assign(Base, I.Src.End);
  // Character indices must stay byte offsets: non-ASCII bytes (possible in
  // comments) become one ASCII byte that the lexer turns into a STRAY token
  // outside comments.
  for (char &C : Text)
    if (static_cast<unsigned char>(C) >= 0x80)
      C = NonAscii;
  Input.load(Text);
  Lexer.setInputStream(&Input);
  Tokens.setTokenSource(&Lexer);
  Parser.setTokenStream(&Tokens);

  G::StatementContext *S = run(antlr4::atn::PredictionMode::SLL);
  if (!S)
    S = run(antlr4::atn::PredictionMode::LL);
  if (!S || Errors->error().Valid) {
    // A stray non-ASCII byte was reported by the PTX lexer already.
    antlr4::Token *T = Errors->error().Offending;
    if (!(T && T->getType() == G::STRAY && T->getText()[0] == NonAscii))
      reportSyntaxError(Base, Sink);
    return false;
  }
  Tokens.fill();
  SpelledInstruction Spelled = spelledInstruction(Tokens);
  return Tcgen05Transformer(F, InstIndex, Base, Spelled, Sink).transform(S);
}

void Tcgen05SyntaxParser::Impl::reportSyntaxError(const char *Base,
                                                  DiagnosticSink &Sink) {
  Tokens.fill();
  SpelledInstruction Spelled = spelledInstruction(Tokens);
  const FirstSyntaxError &E = Errors->error();
  SyntaxProblem Problem;
  if (E.Valid && E.Offending) {
    Problem = describeSyntaxError(E, Tokens, Spelled);
  } else {
    Problem.Begin = 0;
    Problem.End = Text.size();
    Problem.Message = "the statement does not match the instruction's syntax";
  }
  auto Loc = [&](size_t Offset) {
    return llvm::SMLoc::getFromPointer(Base + Offset);
  };
  Diagnostic &D =
      Sink.report(DiagID::err_tcgen05_syntax,
                  llvm::SMRange(Loc(Problem.Begin), Loc(Problem.End)),
                  {Spelled.Name, Problem.Message});
  if (Problem.OpenBracket)
    D.note(
        DiagID::note_to_match,
        llvm::SMRange(Loc(*Problem.OpenBracket), Loc(*Problem.OpenBracket + 1)),
        {std::string(1, Problem.Bracket)});
  addFormNotes(D, Spelled);
}
