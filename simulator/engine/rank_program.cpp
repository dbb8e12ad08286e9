#include "engine/rank_program.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace hetcoll {

RankProgram::RankProgram(int ranks, double detached_below)
    : programs_(static_cast<std::size_t>(ranks)), posts_(static_cast<std::size_t>(ranks)),
      detached_below_(detached_below) {
  if (ranks < 1) throw std::logic_error("rank program: at least one rank");
}

RankProgram::Request RankProgram::post(int rank, Call call) {
  if (rank < 0 || rank >= ranks() || call.peer < 0 || call.peer >= ranks())
    throw std::logic_error("rank program: rank " + std::to_string(rank) + " posts to or from rank " +
                           std::to_string(call.peer) + " of " + std::to_string(ranks()));
  programs_[rank].push_back(call);
  posts_[rank].push_back(static_cast<int>(programs_[rank].size()) - 1);
  return static_cast<Request>(posts_[rank].size()) - 1;
}

RankProgram::Request RankProgram::isend(int rank, int to, double cost) {
  return post(rank, Call{Kind::isend, to, cost, -1});
}

RankProgram::Request RankProgram::irecv(int rank, int from, double cost) {
  return post(rank, Call{Kind::irecv, from, cost, -1});
}

void RankProgram::wait(int rank, Request request) {
  if (request < 0 || request >= static_cast<Request>(posts_.at(rank).size()))
    throw std::logic_error("rank program: rank " + std::to_string(rank) + " waits for a request it never posted");
  programs_[rank].push_back(Call{Kind::wait, -1, 0, request});
}

void RankProgram::waitall(int rank, const std::vector<Request>& requests) {
  for (Request r : requests) wait(rank, r);
}

void RankProgram::sendrecv(int rank, int to, double send_cost, int from, double recv_cost) {
  const Request s = isend(rank, to, send_cost);
  const Request r = irecv(rank, from, recv_cost);
  wait(rank, s);
  wait(rank, r);
}

void RankProgram::compute(int rank, double cost) { programs_.at(rank).push_back(Call{Kind::compute, -1, cost, -1}); }

Plan RankProgram::plan() const {
  const int n = ranks();
  Plan plan;
  // What each rank has waited for so far: what its next post or computation depends on.
  std::vector<std::vector<int>> frontier(n);
  std::vector<std::size_t> cursor(n, 0);
  // Per rank and post: what it depended on when posted, and the comm it became once matched.
  std::vector<std::vector<std::vector<int>>> posted_after(n);
  std::vector<std::vector<int>> comm_of(n);
  for (int r = 0; r < n; ++r) {
    posted_after[r].resize(posts_[r].size());
    comm_of[r].assign(posts_[r].size(), -1);
  }
  // Posts not yet matched, per (sender, receiver), in posting order: (rank, post).
  std::map<std::pair<int, int>, std::deque<std::pair<int, int>>> sends, recvs;
  auto match = [&](int from, int to, int send_post, int recv_post) {
    const Call& s = programs_[from][posts_[from][send_post]];
    const Call& r = programs_[to][posts_[to][recv_post]];
    if (r.cost < s.cost)
      throw std::logic_error("rank program: rank " + std::to_string(to) + " receives less from rank " +
                             std::to_string(from) + " than it sends (MPI would truncate)");
    std::vector<int> after = posted_after[from][send_post];
    after.insert(after.end(), posted_after[to][recv_post].begin(), posted_after[to][recv_post].end());
    std::sort(after.begin(), after.end());
    after.erase(std::unique(after.begin(), after.end()), after.end());
    const int op = plan.add(comm_op(from, to, s.cost), after);
    comm_of[from][send_post] = op;
    comm_of[to][recv_post] = op;
  };
  std::vector<int> post_index(n, 0);  // each rank's next post
  for (bool progress = true; progress;) {
    progress = false;
    for (int r = 0; r < n; ++r) {
      const std::vector<Call>& calls = programs_[r];
      while (cursor[r] < calls.size()) {
        const Call& c = calls[cursor[r]];
        if (c.kind == Kind::isend || c.kind == Kind::irecv) {
          const int p = post_index[r]++;
          posted_after[r][p] = frontier[r];
          const bool sending = c.kind == Kind::isend;
          const std::pair<int, int> key = sending ? std::make_pair(r, c.peer) : std::make_pair(c.peer, r);
          auto& other = sending ? recvs[key] : sends[key];
          if (other.empty()) {
            (sending ? sends[key] : recvs[key]).emplace_back(r, p);
          } else {
            const int their = other.front().second;
            other.pop_front();
            if (sending)
              match(r, c.peer, p, their);
            else
              match(c.peer, r, their, p);
          }
        } else if (c.kind == Kind::wait) {
          const Call& waited = calls[posts_[r][c.request]];
          const bool detached = waited.kind == Kind::isend && waited.cost < detached_below_;
          if (!detached) {
            const int op = comm_of[r][c.request];
            if (op < 0) break;  // its message is not matched yet: the rank blocks here
            // What the rank had waited for when it posted the request, the comm waits for
            // already: dropped, so a long program's dependencies stay as many as its posts in
            // flight, not as its waits so far (the same plan, transitively).
            const std::vector<int>& implied = posted_after[r][c.request];
            std::vector<int>& mine = frontier[r];
            mine.erase(std::remove_if(mine.begin(), mine.end(),
                                      [&implied](int before) {
                                        return std::find(implied.begin(), implied.end(), before) != implied.end();
                                      }),
                       mine.end());
            mine.push_back(op);
          }
        } else {
          const int op = plan.add(compute_op(r, c.cost), frontier[r]);
          frontier[r].assign(1, op);  // everything before is before it
        }
        ++cursor[r];
        progress = true;
      }
    }
  }
  for (int r = 0; r < n; ++r)
    if (cursor[r] < programs_[r].size()) {
      const Call& waited = programs_[r][posts_[r][programs_[r][cursor[r]].request]];
      throw std::logic_error("rank program: deadlock: rank " + std::to_string(r) + " waits for a message " +
                             (waited.kind == Kind::isend ? "to" : "from") + " rank " + std::to_string(waited.peer) +
                             " that is never matched");
    }
  for (const auto& [key, queue] : sends)
    if (!queue.empty())
      throw std::logic_error("rank program: rank " + std::to_string(key.first) + " sends to rank " +
                             std::to_string(key.second) + " a message it never receives");
  for (const auto& [key, queue] : recvs)
    if (!queue.empty())
      throw std::logic_error("rank program: rank " + std::to_string(key.second) + " receives from rank " +
                             std::to_string(key.first) + " a message it never sends");
  return plan;
}

}  // namespace hetcoll
