//===- Lexer.h - PTX tokens -------------------------------------*- C++ -*-===//
//
// A zero-copy PTX lexer.  Tokens point into the buffer.  Trivia (blanks,
// comments, cpp line markers) is skipped; lexical errors are reported into
// the sink and lexing continues.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_PARSE_LEXER_H
#define TCGEN05_PARSE_LEXER_H

#include "tcgen05/AST/AST.h"
#include "tcgen05/Parse/TextFeed.h"

#include <array>
#include <cstdint>

namespace tcgen05 {

class DiagnosticSink;

enum class Tok : uint8_t {
  Eof,
  Identifier, ///< foo, %r1, $L__BB0_1, _
  DotWord,    ///< .b32, .cta_group::1, .16x64b, .version
  Integer,
  Float,
  String,
  Comma,
  Semi,
  Colon,
  LBrace,
  RBrace,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Amp,
  Pipe,
  Caret,
  Tilde,
  Bang,
  At,
  Less,
  Greater,
  Shl,
  Shr,
  Equal,
  Question,
  Unknown, ///< An invalid character, already reported.
};

/// Sixteen bytes, built whole and returned in registers: the lexer's cost is
/// mostly in moving tokens around.
struct Token {
  const char *Ptr = nullptr;
  uint32_t Len = 0;
  Tok Kind = Tok::Eof;
  /// The token is the first on its line (a line break precedes it).
  bool StartsLine = false;
  /// Fills the struct to 16 bytes.  With two bytes of padding a copy moved
  /// 14 bytes as two overlapping words, and reading the second back from a
  /// token just stored stalled on store forwarding, which slowed FMHA's
  /// check measurably (docs/performance.md).
  uint16_t Unused = 0;

  Token() = default;
  Token(Tok K, const char *P, uint32_t L, bool SL)
      : Ptr(P), Len(L), Kind(K), StartsLine(SL) {}

  const char *end() const { return Ptr + Len; }
  Span span() const { return Span(Ptr, Ptr + Len); }
  llvm::StringRef text() const { return llvm::StringRef(Ptr, Len); }
  bool is(Tok K) const { return Kind == K; }
};

static_assert(sizeof(Token) == 16, "a token is copied as two words");

/// Spells a token kind for messages: "';'", "an identifier".
const char *describeTokenKind(Tok K);
/// Describes a found token for "expected X, found Y" messages.
std::string describeToken(const Token &T);

/// Character classes, shared by the lexer and the body splitter.
namespace charclass {
enum : uint8_t {
  IdentStart = 1, ///< [A-Za-z_$%]
  IdentCont = 2,  ///< [A-Za-z0-9_$]
  Digit = 4,
  HexDigit = 8,
  Blank = 16, ///< ' ' '\t' '\r' '\f'
};
extern const std::array<uint8_t, 256> Table;
inline bool is(char C, uint8_t Class) {
  return Table[static_cast<unsigned char>(C)] & Class;
}
/// The end of the IdentCont characters from P, before E; many at a time,
/// for the long names of mangled symbols.
const char *skipIdentCont(const char *P, const char *E);
} // namespace charclass

class Lexer {
public:
  /// With a Feed, End is where its text ends so far, and the lexer asks
  /// it for more where it reaches End.
  Lexer(const char *Begin, const char *End, DiagnosticSink &Sink,
        TextFeed *Feed = nullptr)
      : Cur(Begin), End(End), Sink(Sink), Feed(Feed),
        StopAtEnd(endsOutsideWords(Begin, End)) {}

  Token lex() {
    // Most tokens are a name or one punctuation character, after at most
    // blanks on the same line: those are lexed here, inline in the parser;
    // anything else (a line break, a comment, a number, a word) out of
    // line.
    const char *P = Cur;
    if (P) {
      while (P < End && (*P == ' ' || *P == '\t'))
        ++P;
      if (P < End) {
        unsigned char C = static_cast<unsigned char>(*P);
        if (charclass::is(*P, charclass::IdentStart)) {
          const char *E = scanIdentCont(P + 1);
          Cur = E;
          return Token(Tok::Identifier, P, static_cast<uint32_t>(E - P), false);
        }
        if (Tok K = SimplePunctuation[C]; K != Tok::Unknown) {
          Cur = P + 1;
          return Token(K, P, 1, false);
        }
      }
    }
    return lexAny();
  }
  /// lex() without its inline cases: for runs of numbers and words, such
  /// as DWARF sections, which they would only delay.
  Token lexAny();
  /// Skips the lines ahead that are one plain data item, `.b8 73`
  /// (.b8/.b16/.b32/.b64, a decimal, nothing else up to the line break):
  /// most of a DWARF section, and tokens that can hold no error.  Sets
  /// Last to the last number skipped; returns whether any line was.
  bool skipPlainDataLines(Token &Last);
  const char *position() const { return Cur; }
  const char *end() const { return End; }
  void reset(const char *P) { Cur = P; }
  /// Asks the feed for more text; false when there is none (or no feed).
  bool refill();

private:
  /// Punctuation that is a token alone, whatever follows; Unknown for
  /// every other character.
  static const std::array<Tok, 256> SimplePunctuation;
  void skipTrivia(bool &SawNewline);
  void skipLineComment();
  void skipBlockComment();
  void skipLineMarker();
  void reportNonAscii(const char *P);
  Token lexNumber(const char *Start);
  /// Past an exponent (e5, E-3) at P, or P if there is none.
  const char *skipExponent(const char *P) const;
  Token lexDotWord(const char *Start);
  Token lexString(const char *Start);
  static Token make(Tok K, const char *Start, const char *E,
                    bool StartsLine = false) {
    return Token(K, Start, static_cast<uint32_t>(E - Start), StartsLine);
  }

  /// The characters an identifier or word may hold from P on.
  const char *scanIdentCont(const char *P) const {
    // Register names are short: their bytes are tested one by one, inline.
    if (StopAtEnd) {
      for (int K = 0; K < 8; ++K, ++P)
        if (!charclass::is(*P, charclass::IdentCont))
          return P;
      return charclass::skipIdentCont(P, End);
    }
    while (P < End && charclass::is(*P, charclass::IdentCont))
      ++P;
    return P;
  }

  static bool endsOutsideWords(const char *Begin, const char *End) {
    return Begin && Begin < End &&
           (End[-1] == '}' || End[-1] == ';' || End[-1] == '\n' ||
            End[-1] == ' ' || End[-1] == '\t');
  }

  const char *Cur;
  const char *End;
  DiagnosticSink &Sink;
  TextFeed *Feed;
  /// The input ends with a character no identifier, word or number holds,
  /// so their scans need not test for the end: every body ends with '}'.
  bool StopAtEnd;
  /// Consecutive non-ASCII bytes are one error, not one per byte.
  /// The last run of non-ASCII bytes reported.
  const char *LastNonAsciiBegin = nullptr, *LastNonAsciiEnd = nullptr;
};

} // namespace tcgen05

#endif
