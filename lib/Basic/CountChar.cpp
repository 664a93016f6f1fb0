//===- CountChar.cpp - Counting one byte in a whole input -----------------===//
//
// Kept apart from FindText.cpp, the source the profile-guided build insists
// on finding a profile for (cmake/ProfileGuided.cmake): its training inputs
// may never count a newline.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/FindText.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

size_t tcgen05::countChar(llvm::StringRef Text, char C) {
  const char *P = Text.data(), *End = P + Text.size();
  size_t N = 0;
#ifdef __SSE2__
  // Each byte lane of A and B counts its matches (a match is -1,
  // subtracted), two per step of 64 bytes, for up to 127 steps: then the
  // lanes are summed, before a byte would overflow.
  const __m128i Want = _mm_set1_epi8(C), Zero = _mm_setzero_si128();
  auto Match = [&](const char *Q) {
    return _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(Q)),
                          Want);
  };
  while (End - P >= 64) {
    __m128i A = Zero, B = Zero;
    for (unsigned K = 0; K < 127 && End - P >= 64; ++K, P += 64) {
      A = _mm_sub_epi8(A, Match(P));
      B = _mm_sub_epi8(B, Match(P + 16));
      A = _mm_sub_epi8(A, Match(P + 32));
      B = _mm_sub_epi8(B, Match(P + 48));
    }
    __m128i Sums = _mm_add_epi64(_mm_sad_epu8(A, Zero), _mm_sad_epu8(B, Zero));
    N += static_cast<size_t>(_mm_cvtsi128_si32(Sums)) +
         static_cast<size_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(Sums, Sums)));
  }
#endif
  for (; P < End; ++P)
    N += *P == C;
  return N;
}
