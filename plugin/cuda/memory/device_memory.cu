// plugin/cuda/memory/device_memory.cu: devices and device memory.  (Host <-> device copies are
// in transfer.cu; the index-narrowing kernel they use is here.)
// SPDX-License-Identifier: Apache-2.0
//
// Allocations are stream-ordered (cudaMallocAsync on the calling thread's
// stream) from the device's memory pool, which keeps freed memory for the next
// call instead of returning it to the driver; gbgpu_finalize trims it, and
// frees the pinned staging buffers of the transfers.  Every allocation is
// tracked per thread so the benchmark can report peaks, and in one total over
// all threads, which a test-only cap (GBGPU_DEVICE_MEMORY_LIMIT) bounds: an
// allocation past it fails like one on a full device, so tests reach every
// out-of-memory path (row blocks, halving, the CPU) on any device.
//
// Errors: status_of tells errors that leave the context usable (the call is
// redone on the CPU) from those that corrupt it (GBGPU_CUDA_FAULT: the
// process cannot use the device any more).

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <initializer_list>
#include <unordered_map>
#include "kernels/tuning.cuh"
#include "spgemm/spgemm.cuh"
#include "transfer.cuh"

namespace gbgpu {

// A block is freed by the thread that allocated it (each call's work stays on
// its thread), so the map of live blocks needs no lock.
static thread_local std::unordered_map <void *, size_t> live ;
static thread_local size_t in_use = 0, peak = 0 ;
static thread_local char last_error [256] = "" ;
static std::atomic <size_t> in_use_all { 0 } ;     // every thread's blocks
static std::atomic <size_t> limit { 0 } ;          // 0: no cap

// Counts `bytes` into the total unless that would pass the cap.
static bool reserve (size_t bytes)
{
    const size_t cap = limit.load () ;
    size_t used = in_use_all.load () ;
    do
    {
        if (cap != 0 && (bytes > cap || used > cap - bytes)) return false ;
    }
    while (!in_use_all.compare_exchange_weak (used, used + bytes)) ;
    return true ;
}

cudaError_t device_alloc (void **p, size_t bytes)
{
    *p = nullptr ;
    if (!reserve (bytes)) return cudaErrorMemoryAllocation ;
    cudaError_t e = cudaMallocAsync (p, bytes, stream ()) ;
    if (e != cudaSuccess)
    {
        in_use_all -= bytes ;
        *p = nullptr ;
        return e ;
    }
    live [*p] = bytes ;
    in_use += bytes ;
    if (in_use > peak) peak = in_use ;
    return cudaSuccess ;
}

void device_free (void *p)
{
    if (p == nullptr) return ;
    auto it = live.find (p) ;
    if (it != live.end ())
    {
        in_use -= it->second ;
        in_use_all -= it->second ;
        live.erase (it) ;
    }
    // A free after a device fault fails too; nothing more can be done then,
    // but its error must not be taken for the next launch's.
    if (cudaFreeAsync (p, stream ()) != cudaSuccess) (void) cudaGetLastError () ;
}

// Errors after which "any further CUDA work will return the same error" (the
// runtime's documentation of each): the context is lost for the process.
static bool corrupts_context (cudaError_t e)
{
    switch (e)
    {
        case cudaErrorIllegalAddress: case cudaErrorLaunchTimeout:
        case cudaErrorAssert: case cudaErrorHardwareStackError:
        case cudaErrorIllegalInstruction: case cudaErrorMisalignedAddress:
        case cudaErrorInvalidAddressSpace: case cudaErrorInvalidPc:
        case cudaErrorLaunchFailure: case cudaErrorMpsClientTerminated:
            return true ;
        default:
            return false ;
    }
}

gbgpu_cuda_status status_of (cudaError_t e)
{
    if (e == cudaSuccess) return GBGPU_CUDA_OK ;
    snprintf (last_error, sizeof (last_error), "%s: %s", cudaGetErrorName (e),
        cudaGetErrorString (e)) ;
    (void) cudaGetLastError () ;    // clear a non-sticky error for later calls
    if (e == cudaErrorMemoryAllocation) return GBGPU_CUDA_OUT_OF_MEMORY ;
    // Any error not listed may still have taken the context with it: then
    // the stream reports an error too, even with nothing left to run.
    cudaError_t probe = cudaStreamSynchronize (stream ()) ;
    (void) cudaGetLastError () ;
    return (corrupts_context (e) || probe != cudaSuccess) ? GBGPU_CUDA_FAULT : GBGPU_CUDA_ERROR ;
}

__global__ void narrow_indices (int32_t *out, const int64_t *in, int64_t n)
{
    for (int64_t k = blockIdx.x * (int64_t) blockDim.x + threadIdx.x ; k < n ;
         k += (int64_t) gridDim.x * blockDim.x)
        out [k] = (int32_t) in [k] ;
}

cudaError_t narrow_indices_async (int32_t *out, const int64_t *in, int64_t n)
{
    if (n <= 0) return cudaSuccess ;
    int blocks = (int) ((n + PASS_THREADS - 1) / PASS_THREADS < NARROW_MAX_BLOCKS
        ? (n + PASS_THREADS - 1) / PASS_THREADS : NARROW_MAX_BLOCKS) ;
    narrow_indices <<<blocks, PASS_THREADS, 0, stream ()>>> (out, in, n) ;
    return cudaGetLastError () ;
}

}   // namespace gbgpu

using namespace gbgpu ;

extern "C" {

int gbgpu_cuda_device_count (void)
{
    int n = 0 ;
    if (cudaGetDeviceCount (&n) != cudaSuccess)
    {
        (void) cudaGetLastError () ;
        return 0 ;
    }
    return n ;
}

// Keep freed blocks in the device's pool between calls (trimmed at
// finalize), once per device.  Only a speed matter: failures are ignored.
static void keep_pool_memory (int device)
{
    static std::atomic <uint64_t> done { 0 } ;
    const uint64_t bit = (device < 64) ? (uint64_t (1) << device) : 0 ;
    if (bit == 0 || (done.fetch_or (bit) & bit)) return ;
    cudaMemPool_t pool ;
    uint64_t keep_all = UINT64_MAX ;
    if (cudaDeviceGetDefaultMemPool (&pool, device) != cudaSuccess
     || cudaMemPoolSetAttribute (pool, cudaMemPoolAttrReleaseThreshold, &keep_all) != cudaSuccess)
        (void) cudaGetLastError () ;
}

gbgpu_cuda_status gbgpu_cuda_set_device (int device)
{
    int current = -1 ;
    cudaError_t e = cudaSuccess ;
    if (cudaGetDevice (&current) != cudaSuccess || current != device) e = cudaSetDevice (device) ;
    if (e == cudaSuccess) keep_pool_memory (device) ;
    return status_of (e) ;
}

gbgpu_cuda_status gbgpu_cuda_enter_device (int device, int *previous)
{
    if (cudaGetDevice (previous) != cudaSuccess)
    {
        (void) cudaGetLastError () ;
        *previous = -1 ;            // nothing to put back
    }
    return gbgpu_cuda_set_device (device) ;
}

void gbgpu_cuda_restore_device (int previous)
{
    int current = -1 ;
    if (previous >= 0 && (cudaGetDevice (&current) != cudaSuccess || current != previous)
     && cudaSetDevice (previous) != cudaSuccess)
        (void) cudaGetLastError () ;   // the caller's device is the caller's matter
}

const char *gbgpu_cuda_last_error (void) { return last_error ; }

gbgpu_cuda_status gbgpu_cuda_synchronize (void)
{
    return status_of (cudaStreamSynchronize (stream ())) ;
}

size_t gbgpu_type_size (gbgpu_type t)
{
    switch (t)
    {
        case GBGPU_TYPE_BOOL:
        case GBGPU_TYPE_INT8:
        case GBGPU_TYPE_UINT8:  return 1 ;
        case GBGPU_TYPE_INT16:
        case GBGPU_TYPE_UINT16: return 2 ;
        case GBGPU_TYPE_INT32:
        case GBGPU_TYPE_UINT32:
        case GBGPU_TYPE_FP32:   return 4 ;
        case GBGPU_TYPE_FC64:   return 16 ;
        default:                return 8 ;
    }
}

void gbgpu_cuda_free_csr (gbgpu_dev_csr *D)
{
    device_free (D->p) ;
    device_free (D->j) ;
    device_free (D->x) ;
    D->p = nullptr ; D->j = nullptr ; D->x = nullptr ;
}

void gbgpu_cuda_free_result (gbgpu_dev_result *T)
{
    device_free (T->p) ;
    device_free (T->j) ;
    device_free (T->x) ;
    T->p = nullptr ; T->j = nullptr ; T->x = nullptr ;
}

size_t gbgpu_cuda_csr_bytes (const gbgpu_dev_csr *D)
{
    size_t bytes = 0 ;
    for (void *p : { (void *) D->p, (void *) D->j, D->x })
    {
        auto it = live.find (p) ;
        if (p != nullptr && it != live.end ()) bytes += it->second ;
    }
    return bytes ;
}

void gbgpu_cuda_keep_csr (const gbgpu_dev_csr *D)
{
    for (void *p : { (void *) D->p, (void *) D->j, D->x })
    {
        auto it = live.find (p) ;
        if (p == nullptr || it == live.end ()) continue ;
        in_use -= it->second ;      // in_use_all keeps counting it
        live.erase (it) ;
    }
}

void gbgpu_cuda_free_kept_csr (gbgpu_dev_csr *D, size_t bytes)
{
    for (void *p : { (void *) D->p, (void *) D->j, D->x })
    {
        if (p != nullptr && cudaFreeAsync (p, stream ()) != cudaSuccess) (void) cudaGetLastError () ;
    }
    in_use_all -= bytes ;
    D->p = nullptr ; D->j = nullptr ; D->x = nullptr ;
}

gbgpu_cuda_status gbgpu_cuda_result_to_csr (gbgpu_dev_csr *D, gbgpu_dev_result *T)
{
    *D = gbgpu_dev_csr { } ;
    if (T->ncols > INT32_MAX) return GBGPU_CUDA_ERROR ;
    void *j = nullptr ;
    cudaError_t e = device_alloc (&j, (size_t) (T->nvals > 0 ? T->nvals : 1) * sizeof (int32_t)) ;
    if (e == cudaSuccess) e = narrow_indices_async (static_cast <int32_t *> (j), T->j, T->nvals) ;
    if (e != cudaSuccess)
    {
        device_free (j) ;
        return status_of (e) ;
    }
    D->nrows = T->nrows ;
    D->ncols = T->ncols ;
    D->nvals = T->nvals ;
    D->p = T->p ;
    D->j = static_cast <int32_t *> (j) ;
    D->x = T->x ;
    D->value_size = T->value_size ;
    D->iso = T->iso ;
    D->first_row = 0 ;
    D->rows_sorted = true ;
    device_free (T->j) ;            // after the narrowing, in stream order
    T->p = nullptr ; T->j = nullptr ; T->x = nullptr ;
    return GBGPU_CUDA_OK ;
}

void gbgpu_cuda_trim_pool (void)
{
    int device ;
    cudaMemPool_t pool ;
    if (cudaGetDevice (&device) == cudaSuccess
     && cudaDeviceGetDefaultMemPool (&pool, device) == cudaSuccess)
    {
        (void) cudaDeviceSynchronize () ;
        (void) cudaMemPoolTrimTo (pool, 0) ;
        release_idle_staging () ;
    }
    (void) cudaGetLastError () ;
}

size_t gbgpu_cuda_memory_in_use (void) { return in_use ; }
size_t gbgpu_cuda_memory_peak (void) { return peak ; }
void gbgpu_cuda_memory_peak_reset (void) { peak = in_use ; }

void gbgpu_cuda_set_memory_limit (size_t bytes) { limit = bytes ; }

size_t gbgpu_cuda_memory_available (void)
{
    size_t free_bytes = 0, total_bytes = 0 ;
    if (cudaMemGetInfo (&free_bytes, &total_bytes) != cudaSuccess)
    {
        (void) cudaGetLastError () ;
        free_bytes = 0 ;
    }
    // The pool's unused blocks count as used for the driver, not for gbgpu.
    int device = 0 ;
    cudaMemPool_t pool ;
    uint64_t reserved = 0, used = 0 ;
    if (cudaGetDevice (&device) == cudaSuccess
     && cudaDeviceGetDefaultMemPool (&pool, device) == cudaSuccess
     && cudaMemPoolGetAttribute (pool, cudaMemPoolAttrReservedMemCurrent, &reserved) == cudaSuccess
     && cudaMemPoolGetAttribute (pool, cudaMemPoolAttrUsedMemCurrent, &used) == cudaSuccess
     && reserved > used)
        free_bytes += (size_t) (reserved - used) ;
    (void) cudaGetLastError () ;
    const size_t cap = limit.load (), held = in_use_all.load () ;
    if (cap != 0) free_bytes = std::min (free_bytes, cap > held ? cap - held : 0) ;
    return free_bytes ;
}

}   // extern "C"
