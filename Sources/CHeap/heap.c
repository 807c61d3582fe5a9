#include <stdlib.h>
#include "CHeap.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void udf_keep_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
#endif
}

long long udf_heap_free_bytes(void) {
#if defined(__GLIBC__)
    return (long long)mallinfo2().fordblks;
#else
    return -1;
#endif
}
