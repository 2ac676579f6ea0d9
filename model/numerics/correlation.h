#pragma once

// Rank correlation between uncertain inputs (docs/uncertainty.md, "Correlation";
// reference/decision-practice.md §3, "Dependence"), by the method of Iman and Conover (1982):
// the Latin-hypercube column of each correlated input keeps exactly its values — the same
// multiset, so its distribution is untouched — and only their order across samples changes,
// to follow the ranks of "score" columns that have been given the target correlation.
//
// Scores are van der Waerden's: Φ⁻¹(r / (n + 1)) for the ranks r = 1 … n, each correlated
// input's scores in an order drawn from a stream of its own derived from (seed, pointer)
// (model/numerics/sampling.h). With S the n × k score matrix, C the correlation the scores happen
// to have (C = Q·Qᵀ) and R the target (R = P·Pᵀ), the columns of S·(P·Q⁻¹)ᵀ have correlation R
// exactly; each input's values are then placed in the rank order of its column. The targets
// are Spearman's ρ; the scores are normal, so the Pearson target is 2·sin(πρ/6), the
// correlation of a bivariate normal whose Spearman ρ is ρ.
//
// Inputs not named in any correlation are not touched (their columns stay bit-identical:
// common random numbers hold for them). Everything here is serial and uses no
// implementation-defined distribution: the same seed gives the same bits on any thread count.

#include "input_table.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace crossgrade::model {

struct CorrelationProblem {
    std::string place; // JSON pointer into the scenario, e.g. "/correlations/a-b/inputs/1"
    std::string message;
};

// Every problem of a scenario's correlations against the inputs of its compiled table, in key
// order: a rank correlation that is not a number strictly between −1 and 1, an input that is
// not in the table, an input paired with itself, a pair given twice, and a set of correlations
// that together are not a positive-definite matrix (as Spearman ρ and as normal-score
// correlations), and two inputs named that share one draw (InputTable::add: the same port task
// on two paths; correlating one moves the other with it). Empty: resolveCorrelations() may be
// called.
std::vector<CorrelationProblem>
checkCorrelations(const std::map<std::string, InputCorrelation>& correlations,
                  const InputTable& table);

// The correlations as input ids, in key order. Call only when checkCorrelations() is empty.
std::vector<RankCorrelation>
resolveCorrelations(const std::map<std::string, InputCorrelation>& correlations,
                    const InputTable& table);

// The lower-triangular Cholesky factor L of a symmetric k × k matrix (row-major), A = L·Lᵀ, or
// nullopt when A is not positive definite (a pivot ≤ 1e-12, or not a number).
std::optional<std::vector<double>> cholesky(const std::vector<double>& a, std::size_t k);

// The Pearson correlation of normal scores whose Spearman ρ is `spearman`: 2·sin(πρ/6).
double normalScoreCorrelation(double spearman);

// The correlated inputs of a table: pointers in byte order (so the result depends on the
// inputs' names, not on where compile() put them), their ids, and the k × k target matrix of
// Spearman ρ (row-major, 1 on the diagonal, 0 for pairs not given).
struct CorrelationPlan {
    std::vector<std::string> pointers;
    std::vector<InputId> ids;
    std::vector<double> target;
    // followers[j]: the other inputs drawing from ids[j]'s stream (InputTable::add), reordered
    // with it so that they stay one draw; checkCorrelations() lets at most one of them be named.
    std::vector<std::vector<InputId>> followers;

    bool empty() const { return pointers.empty(); }
};
CorrelationPlan correlationPlan(const InputTable& table);

// Iman–Conover: for each input of the plan, the rank (0 = smallest) its value takes in each
// sample, ranks[j][s]. Depends only on (seed, plan.pointers, plan.target, samples). Empty when
// the plan is empty or its target is not positive definite (the reader refuses such files).
std::vector<std::vector<std::uint32_t>> imanConoverRanks(const CorrelationPlan& plan,
                                                         std::uint64_t seed, std::size_t samples);

// Reorders n values in place so that the sample of rank r holds the r-th smallest of them.
void reorderByRanks(double* column, const std::vector<std::uint32_t>& ranks, std::size_t n);

// Reorders the columns of the plan's inputs and of their followers by `ranks`
// (imanConoverRanks(plan, …)), in a matrix laid out as DrawCache's.
void applyRanks(double* draws, const CorrelationPlan& plan,
                const std::vector<std::vector<std::uint32_t>>& ranks, std::size_t samples);

// The whole step on a matrix of draws laid out as DrawCache's (column-major: input i in sample
// s at [i * samples + s]), with the table's correlations.
void correlateDraws(std::vector<double>& draws, const InputTable& table, std::uint64_t seed,
                    std::size_t samples);

// Spearman's ρ of two columns of n values (ties take their average rank).
double spearman(const double* a, const double* b, std::size_t n);

} // namespace crossgrade::model
