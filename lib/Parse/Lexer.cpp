//===- Lexer.cpp - PTX tokens ---------------------------------------------===//

#include "tcgen05/Parse/Lexer.h"

#include "ParserBase.h"

#include <algorithm>

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstring>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

using namespace tcgen05;

namespace tcgen05::charclass {
namespace {
constexpr std::array<uint8_t, 256> buildTable() {
  std::array<uint8_t, 256> T{};
  for (int C = 'a'; C <= 'z'; ++C)
    T[C] |= IdentStart | IdentCont;
  for (int C = 'A'; C <= 'Z'; ++C)
    T[C] |= IdentStart | IdentCont;
  for (int C = '0'; C <= '9'; ++C)
    T[C] |= IdentCont | Digit | HexDigit;
  for (int C = 'a'; C <= 'f'; ++C)
    T[C] |= HexDigit;
  for (int C = 'A'; C <= 'F'; ++C)
    T[C] |= HexDigit;
  T['_'] |= IdentStart | IdentCont;
  T['$'] |= IdentStart | IdentCont;
  T['%'] |= IdentStart;
  T[' '] |= Blank;
  T['\t'] |= Blank;
  T['\r'] |= Blank;
  T['\f'] |= Blank;
  return T;
}
} // namespace
constexpr std::array<uint8_t, 256> Table = buildTable();

const char *skipIdentCont(const char *P, const char *E) {
#ifdef __SSE2__
  // Mangled names run to hundreds of bytes: sixteen are tested at once.
  // Bytes from 0x80 are negative to the signed compares, so in no range.
  auto Byte = [](char C) { return _mm_set1_epi8(C); };
  while (E - P >= 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P));
    __m128i Folded = _mm_or_si128(V, Byte(0x20));
    __m128i Letter = _mm_and_si128(_mm_cmpgt_epi8(Folded, Byte('a' - 1)),
                                   _mm_cmplt_epi8(Folded, Byte('z' + 1)));
    __m128i Digit = _mm_and_si128(_mm_cmpgt_epi8(V, Byte('0' - 1)),
                                  _mm_cmplt_epi8(V, Byte('9' + 1)));
    __m128i Other = _mm_or_si128(_mm_cmpeq_epi8(V, Byte('_')),
                                 _mm_cmpeq_epi8(V, Byte('$')));
    unsigned Mask = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(Letter, Digit), Other)));
    if (Mask != 0xffff)
      return P + llvm::countr_one(Mask);
    P += 16;
  }
#endif
  while (P < E && is(*P, IdentCont))
    ++P;
  return P;
}
} // namespace tcgen05::charclass

using charclass::is;

const char *tcgen05::describeTokenKind(Tok K) {
  switch (K) {
  case Tok::Eof:
    return "end of file";
  case Tok::Identifier:
    return "an identifier";
  case Tok::DotWord:
    return "a directive or qualifier";
  case Tok::Integer:
    return "an integer";
  case Tok::Float:
    return "a floating-point number";
  case Tok::String:
    return "a string";
  case Tok::Comma:
    return "','";
  case Tok::Semi:
    return "';'";
  case Tok::Colon:
    return "':'";
  case Tok::LBrace:
    return "'{'";
  case Tok::RBrace:
    return "'}'";
  case Tok::LBracket:
    return "'['";
  case Tok::RBracket:
    return "']'";
  case Tok::LParen:
    return "'('";
  case Tok::RParen:
    return "')'";
  case Tok::Plus:
    return "'+'";
  case Tok::Minus:
    return "'-'";
  case Tok::Star:
    return "'*'";
  case Tok::Slash:
    return "'/'";
  case Tok::Percent:
    return "'%'";
  case Tok::Amp:
    return "'&'";
  case Tok::Pipe:
    return "'|'";
  case Tok::Caret:
    return "'^'";
  case Tok::Tilde:
    return "'~'";
  case Tok::Bang:
    return "'!'";
  case Tok::At:
    return "'@'";
  case Tok::Less:
    return "'<'";
  case Tok::Greater:
    return "'>'";
  case Tok::Shl:
    return "'<<'";
  case Tok::Shr:
    return "'>>'";
  case Tok::Equal:
    return "'='";
  case Tok::Question:
    return "'?'";
  case Tok::Unknown:
    return "an invalid character";
  }
  return "a token";
}

std::string tcgen05::describeToken(const Token &T) {
  switch (T.Kind) {
  case Tok::Identifier:
  case Tok::DotWord:
  case Tok::Integer:
  case Tok::Float: {
    llvm::StringRef Text = T.text();
    if (Text.size() > 40)
      Text = Text.take_front(40);
    return "'" + Text.str() + (T.Len > 40 ? "...'" : "'");
  }
  default:
    return describeTokenKind(T.Kind);
  }
}

void Lexer::reportNonAscii(const char *P) {
  // One diagnostic per run of such bytes: comments and strings ask byte by
  // byte, and each asking scanned the rest of the run again.
  if (LastNonAsciiBegin <= P && P < LastNonAsciiEnd)
    return;
  LastNonAsciiBegin = P;
  const char *E = P + 1;
  while (E < End && (static_cast<unsigned char>(*E) & 0x80))
    ++E;
  LastNonAsciiEnd = E;
  std::string Hex;
  llvm::raw_string_ostream(Hex)
      << llvm::format_hex_no_prefix(static_cast<unsigned char>(*P), 2, true);
  Sink.report(DiagID::err_non_ascii,
              llvm::SMRange(Span(P, E).loc(), Span(P, E).range().End), {Hex});
}

void Lexer::skipLineComment() {
  const void *NL = std::memchr(Cur, '\n', static_cast<size_t>(End - Cur));
  const char *E = NL ? static_cast<const char *>(NL) : End;
  unsigned char Acc = 0;
  for (const char *P = Cur; P < E; ++P)
    Acc |= static_cast<unsigned char>(*P);
  if (Acc & 0x80)
    for (const char *P = Cur; P < E; ++P)
      if (static_cast<unsigned char>(*P) & 0x80)
        reportNonAscii(P);
  Cur = E;
}

void Lexer::skipBlockComment() {
  const char *Start = Cur - 2;
  while (Cur < End) {
    const void *Star = std::memchr(Cur, '*', static_cast<size_t>(End - Cur));
    const char *S = Star ? static_cast<const char *>(Star) : End;
    for (const char *P = Cur; P < S; ++P)
      if (static_cast<unsigned char>(*P) & 0x80)
        reportNonAscii(P);
    Cur = S;
    if (Cur >= End) {
      if (refill())
        continue;
      break;
    }
    ++Cur;
    if (Cur < End && *Cur == '/') {
      ++Cur;
      return;
    }
  }
  Sink.report(DiagID::err_unterminated_comment,
              llvm::SMRange(Span(Start, Start + 2).loc(),
                            Span(Start, Start + 2).range().End));
}

void Lexer::skipLineMarker() {
  // ptxas accepts cpp line markers anywhere: '# 12 "f.cu"', '#line 12 "f"'.
  // Any other '#' line (#define, #include, '# 12' alone) is an error.
  const char *Start = Cur;
  const char *P = Cur + 1;
  auto Blanks = [&] {
    const char *Q = P;
    while (P < End && (*P == ' ' || *P == '\t'))
      ++P;
    return P != Q;
  };
  Blanks();
  if (llvm::StringRef(P, static_cast<size_t>(End - P)).starts_with("line")) {
    P += 4;
    Blanks();
  }
  const char *Digits = P;
  while (P < End && is(*P, charclass::Digit))
    ++P;
  bool OK = P != Digits && Blanks() && P < End && *P == '"';
  skipLineComment();
  if (!OK)
    Sink.report(DiagID::err_bad_line_marker, Span(Start, Cur).range(),
                {Span(Start, Cur).text().rtrim().str()});
}

void Lexer::skipTrivia(bool &SawNewline) {
  while (Cur < End) {
    char C = *Cur;
    if (is(C, charclass::Blank)) {
      ++Cur;
      continue;
    }
    if (C == '\n') {
      ++Cur;
      SawNewline = true;
      continue;
    }
    if (C == '/' && Cur + 1 < End) {
      if (Cur[1] == '/') {
        Cur += 2;
        skipLineComment();
        continue;
      }
      if (Cur[1] == '*') {
        Cur += 2;
        const char *Before = Cur;
        skipBlockComment();
        if (std::memchr(Before, '\n', static_cast<size_t>(Cur - Before)))
          SawNewline = true;
        continue;
      }
    }
    if (C == '#') {
      skipLineMarker();
      continue;
    }
    return;
  }
}

const char *Lexer::skipExponent(const char *P) const {
  if (P == End || (*P != 'e' && *P != 'E'))
    return P;
  const char *Q = P + 1;
  if (Q < End && (*Q == '+' || *Q == '-'))
    ++Q;
  if (Q == End || !is(*Q, charclass::Digit))
    return P;
  while (Q < End && is(*Q, charclass::Digit))
    ++Q;
  return Q;
}

Token Lexer::lexNumber(const char *Start) {
  const char *P = Start;
  Tok Kind = Tok::Integer;
  auto HexRun = [&](const char *Q) {
    while (Q < End && is(*Q, charclass::HexDigit))
      ++Q;
    return Q;
  };
  if (*P == '0' && P + 1 < End &&
      (P[1] == 'f' || P[1] == 'F' || P[1] == 'd' || P[1] == 'D')) {
    // 0fXXXXXXXX / 0dXXXXXXXXXXXXXXXX: IEEE bits in hexadecimal.
    unsigned Want = (P[1] == 'f' || P[1] == 'F') ? 8 : 16;
    const char *E = HexRun(P + 2);
    Kind = Tok::Float;
    P = E;
    if (static_cast<unsigned>(E - Start - 2) != Want) {
      while (P < End && is(*P, charclass::IdentCont))
        ++P;
      Sink.report(DiagID::err_bad_number, Span(Start, P).range(),
                  {Span(Start, P).text().str()});
    }
  } else if (*P == '0' && P + 1 < End && (P[1] == 'x' || P[1] == 'X')) {
    P = HexRun(P + 2);
    if (P == Start + 2)
      Kind = Tok::Unknown;
  } else if (*P == '0' && P + 1 < End && (P[1] == 'b' || P[1] == 'B') &&
             P + 2 < End && (P[2] == '0' || P[2] == '1')) {
    P += 2;
    while (P < End && (*P == '0' || *P == '1'))
      ++P;
  } else {
    while (P < End && is(*P, charclass::Digit))
      ++P;
    if (P < End && *P == '.' &&
        !(P + 1 < End && is(P[1], charclass::IdentStart) &&
          !is(P[1], charclass::Digit))) {
      Kind = Tok::Float;
      ++P;
      while (P < End && is(*P, charclass::Digit))
        ++P;
    }
    if (const char *Q = skipExponent(P); Q != P) {
      Kind = Tok::Float;
      P = Q;
    }
  }
  // 017 is octal: 08 and 019 are no numbers to ptxas.
  if (Kind == Tok::Integer && *Start == '0' && P - Start > 1 &&
      is(Start[1], charclass::Digit) &&
      std::find_if(Start, P, [](char C) { return C == '8' || C == '9'; }) != P)
    Kind = Tok::Unknown;
  if (Kind == Tok::Integer && P < End && *P == 'U')
    ++P;
  if (Kind == Tok::Unknown || (P < End && is(*P, charclass::IdentCont))) {
    while (P < End && is(*P, charclass::IdentCont))
      ++P;
    Sink.report(DiagID::err_bad_number, Span(Start, P).range(),
                {Span(Start, P).text().str()});
    Kind = Tok::Integer;
  } else if (Kind == Tok::Integer && P - Start > 18) {
    // Only a literal of 19 characters or more can pass 64 bits: ptxas
    // says "Constant overflow", where a value cut to its low bits would
    // be checked as another.
    uint64_t V;
    if (!parseIntegerLiteral(Span(Start, P).text(), V))
      Sink.report(DiagID::err_constant_overflow, Span(Start, P).range(),
                  {Span(Start, P).text().str()});
  }
  Cur = P;
  return make(Kind, Start, P);
}

Token Lexer::lexDotWord(const char *Start) {
  const char *P = scanIdentCont(Start + 1);
  // '::' joins scoped parts: .shared::cta, .kind::f16, .mbarrier::arrive::one.
  while (P + 1 < End && P[0] == ':') {
    const char *Q = P + 1;
    if (*Q == ':' && Q + 1 < End && is(Q[1], charclass::IdentCont)) {
      P = Q + 1;
      while (P < End && is(*P, charclass::IdentCont))
        ++P;
      continue;
    }
    // ': :' or ':: x' -- ptxas rejects blanks inside '::'.
    const char *R = Q;
    bool Blank = false;
    while (R < End && (*R == ' ' || *R == '\t')) {
      ++R;
      Blank = true;
    }
    if (R < End && *R == ':' && (Blank || R == Q)) {
      const char *S = R + 1;
      bool Blank2 = false;
      while (S < End && (*S == ' ' || *S == '\t')) {
        ++S;
        Blank2 = true;
      }
      if ((Blank || Blank2) && S < End && is(*S, charclass::IdentCont)) {
        while (S < End && is(*S, charclass::IdentCont))
          ++S;
        Sink.report(DiagID::err_space_in_scope_qualifier,
                    Span(Start, S).range(), {Span(Start, S).text().str()});
        P = S;
        continue;
      }
    }
    break;
  }
  Cur = P;
  return make(Tok::DotWord, Start, P);
}

Token Lexer::lexString(const char *Start) {
  const char *P = Start + 1;
  // ptxas has no escapes in strings, and a string may span lines.
  for (;; ++P) {
    if (P >= End && !refill())
      break;
    if (*P == '"')
      break;
    if (static_cast<unsigned char>(*P) & 0x80)
      reportNonAscii(P);
  }
  if (P >= End || *P != '"') {
    Sink.report(DiagID::err_unterminated_string,
                Span(Start, Start + 1).range());
    Cur = P;
    return make(Tok::String, Start, P);
  }
  Cur = P + 1;
  return make(Tok::String, Start, Cur);
}

namespace {
constexpr std::array<Tok, 256> buildPunctuation() {
  std::array<Tok, 256> T{};
  for (Tok &K : T)
    K = Tok::Unknown;
  T[','] = Tok::Comma;
  T[';'] = Tok::Semi;
  T[':'] = Tok::Colon;
  T['{'] = Tok::LBrace;
  T['}'] = Tok::RBrace;
  T['['] = Tok::LBracket;
  T[']'] = Tok::RBracket;
  T['('] = Tok::LParen;
  T[')'] = Tok::RParen;
  T['+'] = Tok::Plus;
  T['-'] = Tok::Minus;
  T['*'] = Tok::Star;
  T['&'] = Tok::Amp;
  T['|'] = Tok::Pipe;
  T['^'] = Tok::Caret;
  T['~'] = Tok::Tilde;
  T['!'] = Tok::Bang;
  T['@'] = Tok::At;
  T['='] = Tok::Equal;
  T['?'] = Tok::Question;
  return T;
}
} // namespace

constexpr std::array<Tok, 256> Lexer::SimplePunctuation = buildPunctuation();

bool Lexer::skipPlainDataLines(Token &Last) {
  // A debug section is millions of these lines: the scan keeps its place
  // in locals (a store through Last could alias the members) and writes
  // back once.
  const char *P = Cur, *E = End;
  const char *LastDigits = nullptr, *LastDigitsEnd = nullptr;
  auto IsDigit = [](char C) { return is(C, charclass::Digit); };
  auto IsBlank = [](char C) { return is(C, charclass::Blank); };
  constexpr uint32_t DotB8Blank =
      '.' | 'b' << 8 | '8' << 16 | uint32_t(' ') << 24;
  for (;;) {
    // Most lines are ".b8 " and one to three digits from the line's start:
    // tested a word at a time, the line break included.
    while (E - P >= 8 && llvm::support::endian::read32le(P) == DotB8Blank &&
           IsDigit(P[4])) {
      const char *D = P + 4;
      unsigned N = D[1] == '\n'                                     ? 1
                   : IsDigit(D[1]) && D[2] == '\n'                  ? 2
                   : IsDigit(D[1]) && IsDigit(D[2]) && D[3] == '\n' ? 3
                                                                    : 0;
      if (!N)
        break;
      LastDigits = D;
      LastDigitsEnd = D + N;
      P = D + N + 1;
    }
    const char *L = P;
    while (L < E && (IsBlank(*L) || *L == '\n'))
      ++L;
    // .b8, .b16, .b32, .b64
    if (E - L < 5 || L[0] != '.' || L[1] != 'b')
      break;
    const char *Q = L + 2;
    if (Q[0] == '8')
      Q += 1;
    else if ((Q[0] == '1' && Q[1] == '6') || (Q[0] == '3' && Q[1] == '2') ||
             (Q[0] == '6' && Q[1] == '4'))
      Q += 2;
    else
      break;
    const char *Blanks = Q;
    while (Q < E && (*Q == ' ' || *Q == '\t'))
      ++Q;
    const char *Digits = Q;
    while (Q < E && IsDigit(*Q) && Q - Digits < 20)
      ++Q;
    const char *DigitsEnd = Q;
    while (Q < E && IsBlank(*Q))
      ++Q;
    if (Blanks == Digits || Digits == DigitsEnd || Q == E || *Q != '\n')
      break;
    LastDigits = Digits;
    LastDigitsEnd = DigitsEnd;
    P = Q + 1;
  }
  if (!LastDigits)
    return false;
  Last = Token(Tok::Integer, LastDigits,
               static_cast<uint32_t>(LastDigitsEnd - LastDigits), false);
  // The line break after the last number is left to the lexer, which marks
  // the next token as the first on its line.
  Cur = LastDigitsEnd;
  return true;
}

bool Lexer::refill() {
  if (!Feed || !Feed->more())
    return false;
  End = Feed->available();
  StopAtEnd = endsOutsideWords(Cur, End);
  return true;
}

Token Lexer::lexAny() {
  bool SawNewline = false;
  if (Cur == nullptr)
    return Token();
  // Between tokens there is mostly nothing, a blank, or a line break and
  // an indent: those are skipped here, comments and line markers out of
  // line.
  while (Cur < End) {
    char C = *Cur;
    if (is(C, charclass::Blank)) {
      ++Cur;
    } else if (C == '\n') {
      ++Cur;
      SawNewline = true;
    } else {
      if (C == '/' || C == '#')
        skipTrivia(SawNewline);
      break;
    }
  }
  for (;;) {
    if (Cur >= End) {
      if (!refill())
        return make(Tok::Eof, End, End, SawNewline);
      skipTrivia(SawNewline);
      continue;
    }
    const char *Start = Cur;
    char C = *Cur;
    if (is(C, charclass::IdentStart)) {
      const char *P = scanIdentCont(Cur + 1);
      Cur = P;
      return make(Tok::Identifier, Start, P, SawNewline);
    }
    if (is(C, charclass::Digit)) {
      Token T = lexNumber(Start);
      T.StartsLine = SawNewline;
      return T;
    }
    ++Cur;
    Tok K;
    switch (C) {
    case '.':
      // `.5` and `.25e3` are numbers to ptxas; no qualifier is digits
      // alone (`.16x256b`, `.1d` go on with letters).
      if (Cur < End && is(*Cur, charclass::Digit)) {
        const char *P = Cur;
        while (P < End && is(*P, charclass::Digit))
          ++P;
        P = skipExponent(P);
        if (P == End || !is(*P, charclass::IdentCont)) {
          Cur = P;
          return make(Tok::Float, Start, P, SawNewline);
        }
      }
      if (Cur < End && is(*Cur, charclass::IdentCont)) {
        Token T = lexDotWord(Start);
        T.StartsLine = SawNewline;
        return T;
      }
      K = Tok::Unknown;
      break;
    case '"': {
      Token T = lexString(Start);
      T.StartsLine = SawNewline;
      return T;
    }
    case '/':
      K = Tok::Slash;
      break; // not a comment: skipTrivia saw it
    case '<':
      if (Cur < End && *Cur == '<') {
        ++Cur;
        K = Tok::Shl;
      } else {
        K = Tok::Less;
      }
      break;
    case '>':
      if (Cur < End && *Cur == '>') {
        ++Cur;
        K = Tok::Shr;
      } else {
        K = Tok::Greater;
      }
      break;
    default:
      // Punctuation that is a token alone: the table lex() reads too.
      K = SimplePunctuation[static_cast<unsigned char>(C)];
      break;
    }
    if (K != Tok::Unknown)
      return make(K, Start, Cur, SawNewline);
    if (static_cast<unsigned char>(C) & 0x80) {
      reportNonAscii(Start);
      while (Cur < End && (static_cast<unsigned char>(*Cur) & 0x80))
        ++Cur;
    } else {
      std::string Desc;
      llvm::raw_string_ostream OS(Desc);
      if (C >= 0x20 && C < 0x7f)
        OS << "'" << C << "'";
      else
        OS << "0x"
           << llvm::format_hex_no_prefix(static_cast<unsigned char>(C), 2,
                                         true);
      Sink.report(DiagID::err_invalid_char, Span(Start, Cur).range(),
                  {OS.str()});
    }
    // Invalid characters are reported once and skipped, so the parser sees
    // the surrounding tokens and reports at most one more error.
    skipTrivia(SawNewline);
  }
}
