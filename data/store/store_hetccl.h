#pragma once

// The HetCCL watch's checklist in the store's table `hetccl_signals` (internal to the store;
// Store::hetcclChecklist and friends are the public surface). The caller holds the transaction.

#include "store_connection.h"

#include <string>
#include <vector>

namespace crossgrade::data::store_detail {

std::vector<model::CheckedSignal> readHetcclChecklist(const Connection& connection);
// Inserts or re-dates each row (its paper and signal are the key).
void writeHetcclSignals(const Connection& connection,
                        const std::vector<model::CheckedSignal>& rows);
bool deleteHetcclSignal(const Connection& connection, model::HetcclPaper paper,
                        const std::string& signal);

} // namespace crossgrade::data::store_detail
