// bench/cusparse_baseline.c: the vendor column: cuSPARSE's SpGEMM, timed (see bench_columns.h).
// SPDX-License-Identifier: Apache-2.0
//
// Compiled with cuSPARSE when CMake finds it (GBGPU_BENCH_CUSPARSE); without
// it, the column only says so (the end of this file).

#include "bench_columns.h"

#ifdef GBGPU_BENCH_CUSPARSE

#define DISABLE_CUSPARSE_DEPRECATED
#include <cusparse.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_cuda.h"

// ALG3's share of the products per chunk (the value of NVIDIA's sample).
#define CHUNK_FRACTION 0.2f

// A CSR matrix on the device, with cuSPARSE's 32-bit indices.
typedef struct
{
    int64_t nrows, ncols, nvals ;
    int32_t *p, *j ;
    void *x ;
}
device_csr32 ;

typedef struct
{
    cusparseHandle_t handle ;
    device_csr32 A, B ;
    cudaDataType value_type ;
    size_t value_size ;
    cusparseSpGEMMAlg_t alg ;       // ALG1 until it has run out of memory
}
baseline ;

static bench_status cusparse_failure (cusparseStatus_t failure, const char *call,
    char *note, size_t note_size)
{
    snprintf (note, note_size, "%s: %s", call, cusparseGetErrorString (failure)) ;
    return (failure == CUSPARSE_STATUS_ALLOC_FAILED ||
            failure == CUSPARSE_STATUS_INSUFFICIENT_RESOURCES
            ? BENCH_OUT_OF_MEMORY : BENCH_FAILED) ;
}

// As BENCH_CUDA_TRY (bench_cuda.h), for cuSPARSE calls.
#define CUSPARSE_TRY(call)                                                  \
    do {                                                                    \
        cusparseStatus_t cusparse_status_ = (call) ;                        \
        if (cusparse_status_ != CUSPARSE_STATUS_SUCCESS)                    \
        {                                                                   \
            status = cusparse_failure (cusparse_status_, #call, note,       \
                note_size) ;                                                \
            goto done ;                                                     \
        }                                                                   \
    } while (0)

// Clean-up calls are checked too; their failure is reported when it is the
// first thing that went wrong.
static void cleanup_cuda (bench_status *status, cudaError_t error,
    const char *call, char *note, size_t note_size)
{
    if (error == cudaSuccess || *status != BENCH_OK) return ;
    *status = bench_cuda_failure (error, call, note, note_size) ;
}

static void cleanup_cusparse (bench_status *status, cusparseStatus_t failure,
    const char *call, char *note, size_t note_size)
{
    if (failure == CUSPARSE_STATUS_SUCCESS || *status != BENCH_OK) return ;
    *status = cusparse_failure (failure, call, note, note_size) ;
}

static void free_device_csr32 (device_csr32 *D, bench_status *status,
    char *note, size_t note_size)
{
    cleanup_cuda (status, cudaFree (D->p), "cudaFree (p)", note, note_size) ;
    cleanup_cuda (status, cudaFree (D->j), "cudaFree (j)", note, note_size) ;
    cleanup_cuda (status, cudaFree (D->x), "cudaFree (x)", note, note_size) ;
    D->p = NULL ; D->j = NULL ; D->x = NULL ;
}

// S on the device with 32-bit indices and one value per entry (iso expanded).
static bench_status upload_csr32 (device_csr32 *D, const bench_csr *S,
    char *note, size_t note_size)
{
    bench_status status = BENCH_OK ;
    size_t n = S->nvals > 0 ? S->nvals : 1 ;
    *D = (device_csr32) { (int64_t) S->nrows, (int64_t) S->ncols,
        (int64_t) S->nvals, NULL, NULL, NULL } ;
    int32_t *p = malloc ((S->nrows + 1) * sizeof (int32_t)) ;
    int32_t *j = malloc (n * sizeof (int32_t)) ;
    unsigned char *x = S->iso ? malloc (n * S->value_size) : S->x ;
    if (p == NULL || j == NULL || x == NULL)
    {
        snprintf (note, note_size, "no host memory to narrow the indices") ;
        status = BENCH_FAILED ;
        goto done ;
    }
    for (GrB_Index i = 0 ; i <= S->nrows ; i++) p [i] = (int32_t) S->p [i] ;
    for (GrB_Index k = 0 ; k < S->nvals ; k++) j [k] = (int32_t) S->j [k] ;
    if (S->iso)
    {
        for (GrB_Index k = 0 ; k < S->nvals ; k++)
        {
            memcpy (x + k * S->value_size, S->x, S->value_size) ;
        }
    }
    BENCH_CUDA_TRY (cudaMalloc ((void **) &D->p, (S->nrows + 1) * sizeof (int32_t))) ;
    BENCH_CUDA_TRY (cudaMalloc ((void **) &D->j, n * sizeof (int32_t))) ;
    BENCH_CUDA_TRY (cudaMalloc (&D->x, n * S->value_size)) ;
    BENCH_CUDA_TRY (cudaMemcpy (D->p, p, (S->nrows + 1) * sizeof (int32_t),
        cudaMemcpyHostToDevice)) ;
    BENCH_CUDA_TRY (cudaMemcpy (D->j, j, S->nvals * sizeof (int32_t),
        cudaMemcpyHostToDevice)) ;
    BENCH_CUDA_TRY (cudaMemcpy (D->x, x, S->nvals * S->value_size,
        cudaMemcpyHostToDevice)) ;
done:
    free (p) ;
    free (j) ;
    if (S->iso) free (x) ;
    return (status) ;
}

static cusparseStatus_t describe_csr32 (cusparseSpMatDescr_t *descr,
    const device_csr32 *D, cudaDataType value_type)
{
    return (cusparseCreateCsr (descr, D->nrows, D->ncols, D->nvals, D->p, D->j,
        D->x, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
        value_type)) ;
}

// The whole cuSPARSE sequence for C = A*B with one algorithm: C is left on
// the device (its arrays in *C), everything else released.
static bench_status spgemm (baseline *b, cusparseSpGEMMAlg_t alg,
    device_csr32 *C, char *note, size_t note_size)
{
    bench_status status = BENCH_OK ;
    cusparseSpMatDescr_t matA = NULL, matB = NULL, matC = NULL ;
    cusparseSpGEMMDescr_t gemm = NULL ;
    void *work1 = NULL, *work2 = NULL, *work3 = NULL ;
    size_t size1 = 0, size2 = 0, size3 = 0 ;
    double one64 = 1, zero64 = 0 ;
    float one32 = 1, zero32 = 0 ;
    bool fp64 = b->value_type == CUDA_R_64F ;
    const void *alpha = fp64 ? (const void *) &one64 : (const void *) &one32 ;
    const void *beta = fp64 ? (const void *) &zero64 : (const void *) &zero32 ;
    const cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE ;
    *C = (device_csr32) { b->A.nrows, b->B.ncols, 0, NULL, NULL, NULL } ;

    #define SPGEMM_ARGS b->handle, op, op, alpha, matA, matB, beta, matC, \
        b->value_type, alg, gemm
    CUSPARSE_TRY (describe_csr32 (&matA, &b->A, b->value_type)) ;
    CUSPARSE_TRY (describe_csr32 (&matB, &b->B, b->value_type)) ;
    BENCH_CUDA_TRY (cudaMalloc ((void **) &C->p, (C->nrows + 1) * sizeof (int32_t))) ;
    CUSPARSE_TRY (describe_csr32 (&matC, C, b->value_type)) ;
    CUSPARSE_TRY (cusparseSpGEMM_createDescr (&gemm)) ;
    CUSPARSE_TRY (cusparseSpGEMM_workEstimation (SPGEMM_ARGS, &size1, NULL)) ;
    BENCH_CUDA_TRY (cudaMalloc (&work1, size1)) ;
    CUSPARSE_TRY (cusparseSpGEMM_workEstimation (SPGEMM_ARGS, &size1, work1)) ;
    if (alg == CUSPARSE_SPGEMM_ALG3)
    {
        CUSPARSE_TRY (cusparseSpGEMM_estimateMemory (SPGEMM_ARGS, CHUNK_FRACTION,
            &size3, NULL, NULL)) ;
        BENCH_CUDA_TRY (cudaMalloc (&work3, size3)) ;
        CUSPARSE_TRY (cusparseSpGEMM_estimateMemory (SPGEMM_ARGS, CHUNK_FRACTION,
            &size3, work3, &size2)) ;
        BENCH_CUDA_TRY (cudaFree (work3)) ;
        work3 = NULL ;
    }
    else
    {
        CUSPARSE_TRY (cusparseSpGEMM_compute (SPGEMM_ARGS, &size2, NULL)) ;
    }
    BENCH_CUDA_TRY (cudaMalloc (&work2, size2)) ;
    CUSPARSE_TRY (cusparseSpGEMM_compute (SPGEMM_ARGS, &size2, work2)) ;
    int64_t rows, cols ;
    CUSPARSE_TRY (cusparseSpMatGetSize (matC, &rows, &cols, &C->nvals)) ;
    size_t n = C->nvals > 0 ? (size_t) C->nvals : 1 ;
    BENCH_CUDA_TRY (cudaMalloc ((void **) &C->j, n * sizeof (int32_t))) ;
    BENCH_CUDA_TRY (cudaMalloc (&C->x, n * b->value_size)) ;
    CUSPARSE_TRY (cusparseCsrSetPointers (matC, C->p, C->j, C->x)) ;
    CUSPARSE_TRY (cusparseSpGEMM_copy (SPGEMM_ARGS)) ;
    #undef SPGEMM_ARGS
done:
    cleanup_cuda (&status, cudaFree (work1), "cudaFree (work1)", note, note_size) ;
    cleanup_cuda (&status, cudaFree (work2), "cudaFree (work2)", note, note_size) ;
    cleanup_cuda (&status, cudaFree (work3), "cudaFree (work3)", note, note_size) ;
    if (gemm != NULL) cleanup_cusparse (&status, cusparseSpGEMM_destroyDescr (gemm),
        "cusparseSpGEMM_destroyDescr", note, note_size) ;
    if (matC != NULL) cleanup_cusparse (&status, cusparseDestroySpMat (matC),
        "cusparseDestroySpMat (C)", note, note_size) ;
    if (matB != NULL) cleanup_cusparse (&status, cusparseDestroySpMat (matB),
        "cusparseDestroySpMat (B)", note, note_size) ;
    if (matA != NULL) cleanup_cusparse (&status, cusparseDestroySpMat (matA),
        "cusparseDestroySpMat (A)", note, note_size) ;
    if (status != BENCH_OK)
    {
        bench_status ignored = BENCH_FAILED ;   // keep the first failure's note
        free_device_csr32 (C, &ignored, note, note_size) ;
    }
    return (status) ;
}

// C (on the device) into host CSR with 64-bit indices, rows sorted.
static bench_status download (bench_csr *C, const device_csr32 *D,
    size_t value_size, char *note, size_t note_size)
{
    bench_status status = BENCH_OK ;
    size_t n = D->nvals > 0 ? (size_t) D->nvals : 1 ;
    int32_t *p = malloc ((size_t) (D->nrows + 1) * sizeof (int32_t)) ;
    int32_t *j = malloc (n * sizeof (int32_t)) ;
    if (p == NULL || j == NULL || !bench_csr_alloc (C, (GrB_Index) D->nrows,
        (GrB_Index) D->ncols, (GrB_Index) D->nvals, value_size))
    {
        snprintf (note, note_size, "no host memory for C") ;
        status = BENCH_FAILED ;
        goto done ;
    }
    BENCH_CUDA_TRY (cudaMemcpy (p, D->p, (size_t) (D->nrows + 1) * sizeof (int32_t),
        cudaMemcpyDeviceToHost)) ;
    BENCH_CUDA_TRY (cudaMemcpy (j, D->j, (size_t) D->nvals * sizeof (int32_t),
        cudaMemcpyDeviceToHost)) ;
    BENCH_CUDA_TRY (cudaMemcpy (C->x, D->x, (size_t) D->nvals * value_size,
        cudaMemcpyDeviceToHost)) ;
    for (int64_t i = 0 ; i <= D->nrows ; i++) C->p [i] = (GrB_Index) p [i] ;
    for (int64_t k = 0 ; k < D->nvals ; k++) C->j [k] = (GrB_Index) j [k] ;
    int64_t unsorted = bench_csr_sort_rows (C) ;
    if (unsorted < 0)
    {
        snprintf (note, note_size, "no host memory to sort C's rows") ;
        status = BENCH_FAILED ;
    }
    else if (unsorted > 0)
    {
        snprintf (note, note_size, "%lld rows of C unsorted (sorted for the check)",
            (long long) unsorted) ;
    }
done:
    free (p) ;
    free (j) ;
    return (status) ;
}

// One product, timed: the sequence and freeing C; the download is not.
static bench_status baseline_produce (void *context, bench_csr *C,
    double *seconds, char *note, size_t note_size)
{
    baseline *b = context ;
    device_csr32 D ;
    double start, computed, freeing, freed ;
    note [0] = '\0' ;
    bench_status status = bench_device_clock (&start, note, note_size) ;
    if (status == BENCH_OK) status = spgemm (b, b->alg, &D, note, note_size) ;
    if (status == BENCH_OUT_OF_MEMORY && b->alg == CUSPARSE_SPGEMM_ALG1)
    {
        b->alg = CUSPARSE_SPGEMM_ALG3 ;
        note [0] = '\0' ;
        status = bench_device_clock (&start, note, note_size) ;
        if (status == BENCH_OK) status = spgemm (b, b->alg, &D, note, note_size) ;
        if (status != BENCH_OK)
        {
            char why [256] ;
            snprintf (why, sizeof (why), "%s", note) ;
            snprintf (note, note_size, "ALG1 out of memory; ALG3: %s", why) ;
        }
    }
    if (status != BENCH_OK) return (status) ;
    status = bench_device_clock (&computed, note, note_size) ;
    if (status == BENCH_OK) status = download (C, &D, b->value_size, note, note_size) ;
    if (status == BENCH_OK) status = bench_device_clock (&freeing, note, note_size) ;
    free_device_csr32 (&D, &status, note, note_size) ;
    if (status == BENCH_OK) status = bench_device_clock (&freed, note, note_size) ;
    if (status != BENCH_OK) return (status) ;
    *seconds = (computed - start) + (freed - freeing) ;
    if (b->alg == CUSPARSE_SPGEMM_ALG3)
    {
        size_t used = strlen (note) ;
        snprintf (note + used, note_size - used, "%sALG3 (ALG1 ran out of memory)",
            used ? "; " : "") ;
    }
    return (BENCH_OK) ;
}

// Why cuSPARSE's 32-bit indices cannot hold these matrices, or BENCH_OK.
static bench_status index_limits (const bench_csr *A, const bench_csr *B,
    GrB_Index nnz_C, char *note, size_t note_size)
{
    const struct { const char *what ; GrB_Index value ; } sizes [] =
    {
        { "rows of A", A->nrows }, { "columns of B", B->ncols },
        { "nnz(A)", A->nvals }, { "nnz(B)", B->nvals }, { "nnz(C)", nnz_C },
    } ;
    for (size_t k = 0 ; k < sizeof (sizes) / sizeof (sizes [0]) ; k++)
    {
        if (sizes [k].value <= INT32_MAX) continue ;
        snprintf (note, note_size, "32-bit indices: %s = %llu > 2^31-1",
            sizes [k].what, (unsigned long long) sizes [k].value) ;
        return (BENCH_INDEX_LIMIT) ;
    }
    return (BENCH_OK) ;
}

void cusparse_baseline_column (bench_result *result, const bench_csr *A,
    const bench_csr *B, const bench_semiring *semiring, bench_csr *reference,
    const bench_plan *plan)
{
    memset (result, 0, sizeof (*result)) ;
    if (!semiring->cusparse)
    {
        result->status = BENCH_NOT_RUN ;
        return ;
    }
    char *note = result->note ;
    size_t note_size = sizeof (result->note) ;
    baseline b ;
    memset (&b, 0, sizeof (b)) ;
    b.value_type = semiring->kind == BENCH_VALUES_FP64 ? CUDA_R_64F : CUDA_R_32F ;
    b.value_size = A->value_size ;
    b.alg = CUSPARSE_SPGEMM_ALG1 ;
    bench_status status = index_limits (A, B, reference->nvals, note, note_size) ;
    if (status == BENCH_OK) status = upload_csr32 (&b.A, A, note, note_size) ;
    if (status == BENCH_OK) status = upload_csr32 (&b.B, B, note, note_size) ;
    if (status == BENCH_OK)
    {
        cusparseStatus_t created = cusparseCreate (&b.handle) ;
        if (created != CUSPARSE_STATUS_SUCCESS)
        {
            status = cusparse_failure (created, "cusparseCreate", note, note_size) ;
        }
    }
    if (status == BENCH_OK)
    {
        bench_measure (result, plan, semiring, reference, baseline_produce, &b) ;
        status = result->status ;
    }
    if (b.handle != NULL)
    {
        cleanup_cusparse (&status, cusparseDestroy (b.handle), "cusparseDestroy",
            note, note_size) ;
    }
    free_device_csr32 (&b.A, &status, note, note_size) ;
    free_device_csr32 (&b.B, &status, note, note_size) ;
    // cuSPARSE's column says "fail" whatever the reason (the note has it)
    result->status = status == BENCH_OK || status == BENCH_WRONG ? status : BENCH_FAILED ;
}

#else   // no cuSPARSE at build time

void cusparse_baseline_column (bench_result *result, const bench_csr *A,
    const bench_csr *B, const bench_semiring *semiring, bench_csr *reference,
    const bench_plan *plan)
{
    (void) A ; (void) B ; (void) reference ; (void) plan ;
    if (semiring->cusparse)
    {
        bench_result_set (result, BENCH_NOT_RUN, "cuSPARSE not found at build time") ;
    }
    else
    {
        bench_result_set (result, BENCH_NOT_RUN, "%s", "") ;
    }
}

#endif
