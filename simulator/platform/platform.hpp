#pragma once
/// @file platform.hpp
/// @brief Engine-agnostic description of a platform: hosts, links and routes.
///
/// The model engine times activities on it (without sharing: it stops where flows would share a
/// link, docs/design.md); generators build it and write it as SimGrid XML for the SimGrid engine
/// (platform/simgrid_xml.hpp), so both engines see the same numbers. Routes have a fixed shape
/// that covers every platform hetcoll generates: src's uplink, the links between the two hosts'
/// zones (a backbone, a WAN link), dst's downlink. A route table extracted from any SimGrid file
/// can replace that shape.
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hetcoll {

/// @brief A network link as SimGrid sees it. Its SimGrid id is Platform::link_name().
struct LinkSpec {
  double bandwidth = 0;    //!< bytes per second
  double latency = 0;      //!< seconds
  /// SimGrid shares the bandwidth among the flows crossing the link (sharing policy SHARED, and
  /// each direction of a SPLITDUPLEX link); false for FATPIPE, where every flow may use all of
  /// it. The model engine stops when the flows on a shared link need more than its bandwidth.
  bool shared = true;
};

/// @brief A host with its private links. Its SimGrid id is Platform::host_name().
struct HostSpec {
  double speed = 0;        //!< flops per second
  int up = -1;             //!< index of the link its outgoing messages take first (-1: none)
  int down = -1;           //!< index of the link its incoming messages take last (-1: none)
  int zone = 0;            //!< cluster index; routes between zones cross `between` links
};

/// The ideal cluster's own entries, produced from one model entry by its rule: host i has links
/// 2i (up) and 2i + 1 (down); every link is the model link.
inline HostSpec ruled_entry(const HostSpec& model, std::size_t i) {
  HostSpec host = model;
  host.up = static_cast<int>(2 * i);
  host.down = static_cast<int>(2 * i + 1);
  return host;
}
inline LinkSpec ruled_entry(const LinkSpec& model, std::size_t) { return model; }

/// @brief A platform's hosts or links, read like a std::vector<Spec> whose entries come by value.
///
/// The ideal cluster's own entries follow a rule (ruled_entry()) and are produced when read,
/// never stored: a 2^20-host cluster would otherwise hold 72 MB of records (2^20 hosts and 2^21
/// links of 24 bytes), three times what a hand-written simulation of it needs in all. Entries
/// added after them (push_back()) are stored. Writing to any entry (edit(), edit_all()) first
/// stores the ruled ones, so a family that gives hosts their own speeds pays for them, and only
/// then.
template <class Spec>
class SpecList {
 public:
  /// Reads entries by index; what a range-for over the list walks.
  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Spec;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Spec;
    const_iterator(const SpecList* list, std::size_t i) : list_(list), i_(i) {}
    Spec operator*() const { return (*list_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }
    bool operator!=(const const_iterator& o) const { return i_ != o.i_; }

   private:
    const SpecList* list_;
    std::size_t i_;
  };

  std::size_t size() const { return ruled_ + stored_.size(); }
  bool empty() const { return size() == 0; }
  Spec operator[](std::size_t i) const { return i < ruled_ ? ruled_entry(model_, i) : stored_[i - ruled_]; }
  Spec at(std::size_t i) const {
    if (i >= size()) throw std::out_of_range("platform: entry " + std::to_string(i) + " of " + std::to_string(size()));
    return (*this)[i];
  }
  Spec back() const { return (*this)[size() - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

  void push_back(const Spec& entry) { stored_.push_back(entry); }
  void reserve(std::size_t n) { stored_.reserve(n > ruled_ ? n - ruled_ : 0); }
  /// Entry i, to change: stores the ruled entries first.
  Spec& edit(std::size_t i) { return edit_all()[i]; }
  /// Every entry, to change: stores the ruled entries first.
  std::vector<Spec>& edit_all() {
    if (ruled_ > 0) {
      std::vector<Spec> all;
      all.reserve(size());
      for (std::size_t i = 0; i < ruled_; ++i) all.push_back(ruled_entry(model_, i));
      all.insert(all.end(), stored_.begin(), stored_.end());
      stored_ = std::move(all);
      ruled_ = 0;
    }
    return stored_;
  }
  /// Makes the list n ruled entries made from `model` (the ideal cluster's).
  void assign_ruled(std::size_t n, const Spec& model) {
    stored_.clear();
    ruled_ = n;
    model_ = model;
  }

 private:
  std::size_t ruled_ = 0;  // entries 0..ruled_-1 are ruled_entry(model_, i)
  Spec model_{};
  std::vector<Spec> stored_;  // entries ruled_.. in order
};

/// @brief Latency and bottleneck bandwidth of the route between two hosts.
struct RouteCost {
  double latency = 0;      //!< sum of the latencies on the route (seconds)
  double bandwidth = 0;    //!< smallest bandwidth on the route (bytes per second)
};

/// @brief Hosts, links and routes of a platform.
///
/// Names are kept apart from the records (24 bytes each): a platform holds millions of them at
/// 2^20 hosts. Add a host or a link with its name through add_host() and add_link(), never by
/// pushing onto `hosts` or `links`, and read names through host_name() and link_name(). The
/// ideal cluster stores no name at all: its first hosts and links are named by its rule (host
/// i is p<i>, links 2i and 2i + 1 are p<i>_UP and p<i>_DOWN), produced on demand; hosts and
/// links added after them keep their names.
struct Platform {
  SpecList<HostSpec> hosts;  //!< read like a vector; change entries through edit()
  SpecList<LinkSpec> links;  //!< read like a vector; change entries through edit()
  /// links[i] that every route between zone a and zone b crosses, indexed [a][b]; a route
  /// inside a zone crosses between[a][a] (empty for a cluster without backbone).
  std::vector<std::vector<std::vector<int>>> between;
  /// If non-empty, an n×n table (row = source) that overrides the shape above: used for
  /// platforms read from arbitrary SimGrid files.
  std::vector<RouteCost> route_table;
  /// With route_table: the links each route crosses, in order, for families that read a file's
  /// topology (which link is a host's own, which links its routes share). Route src -> dst
  /// crosses route_links[route_link_start[src·n + dst] .. route_link_start[src·n + dst + 1]).
  std::vector<int> route_links;
  std::vector<std::size_t> route_link_start;
  /// The SimGrid file the platform was read from (for error messages); empty if generated.
  std::string file;
  /// What error messages name the platform by: its file, or "platform" for a generated one.
  std::string source() const { return file.empty() ? "platform" : file; }

  int host_count() const { return static_cast<int>(hosts.size()); }
  /// SimGrid id of host `host` (0 <= host < host_count()).
  std::string host_name(int host) const;
  /// SimGrid id of link `link` (0 <= link < links.size()).
  std::string link_name(int link) const;
  /// Appends a host named `name`; returns its index.
  int add_host(std::string name, const HostSpec& host);
  /// Appends a link named `name`; returns its index.
  int add_link(std::string name, const LinkSpec& link);
  /// Route cost from src to dst (src != dst).
  RouteCost route(int src, int dst) const;
  /// Indices into `links` of the links on the route from src to dst, in order; empty when the
  /// platform has no route_links (a generated platform: its routes have the fixed shape).
  std::vector<int> route_path(int src, int dst) const;
  /// Largest host speed: the speed a unit computation cost refers to.
  double reference_speed() const;
  /// Bandwidth a unit communication cost refers to: the fastest uplink, or for a platform read
  /// from a file (uplinks unknown) its fastest link, SimGrid's internal loopback aside.
  double reference_bandwidth() const;
  /// Index of the link with this name (the first one if several have it), or -1. Linear in the
  /// links whose names are stored (those of a file): to find many, use link_indices().
  int link_index(const std::string& name) const;
  /// link_index() of each name, in O(links + names) time: one table of the stored names.
  std::vector<int> link_indices(const std::vector<std::string>& names) const;

 private:
  friend Platform ideal_cluster(int hosts, double speed, double bandwidth);
  /// Hosts 0..ruled_hosts_-1 and links 0..2·ruled_hosts_-1 are named by the ideal cluster's
  /// rule; host_names_ and link_names_ name the ones after them, in order.
  int ruled_hosts_ = 0;
  std::vector<std::string> host_names_;
  std::vector<std::string> link_names_;
};

/// @brief The ideal cluster (docs/design.md, principle 2): n hosts of equal speed, one full-duplex
/// private link per host (split into UP and DOWN), no backbone, zero latency. Host i is p<i>,
/// links 2i and 2i + 1 are p<i>_UP and p<i>_DOWN: names produced on demand, never stored. The
/// other generated platforms whose hosts are named so (the divisible family's star, the
/// redistribute family's two clusters, the broadcast family's grid) start from it, change its
/// numbers and add their own links (Platform::add_link) after its own.
///
/// A cost of 1 is 2^23 bytes or 2^23 flops: costs are whole bytes and flops, so every duration
/// is a whole multiple of 2^-23 s, and sums of them (dates below 2^30 s) are exact in double
/// precision. Both engines then compute every date exactly, agree bit for bit, and cut the
/// same batches (dates coincide exactly or lie 1.2e-7 s apart, far above kSimultaneity), even
/// when gamma costs with CV = 10 fall far below the grid (they round to 0).
Platform ideal_cluster(int hosts, double speed = 8388608, double bandwidth = 8388608);

}  // namespace hetcoll
