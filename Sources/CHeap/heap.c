#include <stdlib.h>
#include "CHeap.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void udf_keep_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}
