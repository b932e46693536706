// plugin/cuda/memory/device_memory.cuh: device memory as the CUDA files use
// it: tracked, stream-ordered on the calling thread's stream (device_memory.cu).
// SPDX-License-Identifier: Apache-2.0

#ifndef GBGPU_DEVICE_MEMORY_CUH
#define GBGPU_DEVICE_MEMORY_CUH

#include <cuda_runtime.h>
#include <cstdint>
#include "gbgpu_cuda.h"
#include "kernels/tuning.cuh"
#include "streams.cuh"

namespace gbgpu {

// Returns the CUDA error of `call` from the enclosing function.
#define GBGPU_TRY(call)                                                     \
    do { cudaError_t try_status_ = (call) ; if (try_status_ != cudaSuccess) \
         return try_status_ ; } while (0)

//------------------------------------------------------------------------------
// device memory (device_memory.cu): tracked, stream-ordered on the thread's stream
//------------------------------------------------------------------------------

cudaError_t device_alloc (void **p, size_t bytes) ;
void device_free (void *p) ;
gbgpu_cuda_status status_of (cudaError_t e) ;   // and records its message

// A device allocation freed when it goes out of scope.
template <class T>
class device_array
{
public:
    device_array () = default ;
    device_array (const device_array &) = delete ;
    device_array &operator= (const device_array &) = delete ;
    ~device_array () { reset () ; }
    cudaError_t allocate (size_t n)
    {
        reset () ;
        return device_alloc (reinterpret_cast <void **> (&ptr_), (n > 0 ? n : 1) * sizeof (T)) ;
    }
    void reset () { device_free (ptr_) ; ptr_ = nullptr ; }
    T *release () { T *p = ptr_ ; ptr_ = nullptr ; return p ; }
    T *get () const { return ptr_ ; }
private:
    T *ptr_ = nullptr ;
} ;

int multiprocessor_count () ;

// Accumulators in global memory, one per block: as many blocks as keep the
// device busy (per_multiprocessor: as many as its kernel runs at once on
// one, BLOCK_TABLES_PER_SM unless it says), fewer when memory is short.
class block_tables
{
public:
    cudaError_t allocate (int64_t rows, size_t bytes_per_block,
        int per_multiprocessor = BLOCK_TABLES_PER_SM)
    {
        blocks_ = per_multiprocessor * (int64_t) multiprocessor_count () ;
        if (blocks_ > rows) blocks_ = rows ;
        cudaError_t e ;
        while ((e = tables_.allocate (blocks_ * bytes_per_block)) == cudaErrorMemoryAllocation
               && blocks_ > 1)
        {
            (void) cudaGetLastError () ;
            blocks_ /= 2 ;
        }
        return e ;
    }
    void *get () const { return tables_.get () ; }
    int64_t blocks () const { return blocks_ ; }
private:
    device_array <unsigned char> tables_ ;
    int64_t blocks_ = 0 ;
} ;

}   // namespace gbgpu

#endif
