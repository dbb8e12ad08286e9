/* coll_time: the simulated time of one MPI_Bcast or MPI_Reduce (MPI_SUM) of BYTES bytes of
 * MPI_CHAR from root 0, under SMPI (SimGrid's MPI), for the SMPI check (docs/smpi.md).
 *
 * usage: smpirun ... coll_time bcast|reduce BYTES
 * prints: one line "time <seconds>" per rank, the date it returns from the collective; the
 * collective's time is the largest. Each rank prints its own rather than sending it to one: a
 * message after the collective would share links with the collective's own transfers still in
 * flight (a detached send returns before its transfer ends) and delay them.
 *
 * The collective is the program's first MPI call: SMPI's MPI_Init holds no barrier and takes no
 * simulated time, so every rank enters the collective at date 0, as every host of a hetcoll
 * replication starts at its origin. A barrier before it would let ranks leave at different dates
 * (SMPI's barrier skew), which hetcoll does not model. MPI_Wtime() is exact only with
 * `smpi/wtime:0` (SMPI charges 1e-8 s per call by default). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  if (argc != 3 || (strcmp(argv[1], "bcast") != 0 && strcmp(argv[1], "reduce") != 0) || atol(argv[2]) < 1) {
    fprintf(stderr, "usage: coll_time bcast|reduce BYTES\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int bcast = strcmp(argv[1], "bcast") == 0;
  const int bytes = (int)atol(argv[2]);
  char *send = calloc((size_t)bytes, 1), *receive = calloc((size_t)bytes, 1);
  if (bcast)
    MPI_Bcast(send, bytes, MPI_CHAR, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(send, receive, bytes, MPI_CHAR, MPI_SUM, 0, MPI_COMM_WORLD);
  printf("time %.17g\n", MPI_Wtime());
  free(send);
  free(receive);
  MPI_Finalize();
  return 0;
}
