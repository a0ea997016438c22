#!/usr/bin/env bash
# Envia todos os PDFs de uma pasta ao CDA Extractor, espera a análise terminar e baixa as duas planilhas.
#
#   CDA_API_URL=https://cda.exemplo.com.br CDA_TOKEN=cda_pat_... ./enviar-cdas.sh ./pdfs ./resultado
#
# Precisa de bash, curl e jq. O token (Perfil → API) deve ter a permissão "Leitura e envio".
# Rodar de novo com a mesma pasta não cobra de novo: o Idempotency-Key é o hash dos arquivos e parâmetros.
# Variáveis opcionais: CDA_DESCONTO (%), CDA_POLL_SECONDS (intervalo da consulta, padrão 5),
# CDA_TIMEOUT_SECONDS (desistir depois de, padrão 3600), CDA_IDEMPOTENCY_KEY (para escolher a chave).
set -euo pipefail

API="${CDA_API_URL:?Defina CDA_API_URL (ex.: https://cda.exemplo.com.br)}"
TOKEN="${CDA_TOKEN:?Defina CDA_TOKEN com um token de API (Perfil → API)}"
DIR="${1:?Uso: enviar-cdas.sh <pasta-com-pdfs> [pasta-de-saida]}"
OUT="${2:-./resultado}"
POLL="${CDA_POLL_SECONDS:-5}"
TIMEOUT="${CDA_TIMEOUT_SECONDS:-3600}"

shopt -s nullglob nocaseglob
files=("$DIR"/*.pdf)
shopt -u nocaseglob
[ ${#files[@]} -gt 0 ] || { echo "Nenhum PDF em $DIR" >&2; exit 1; }
mkdir -p "$OUT"

form=()
for f in "${files[@]}"; do form+=(-F "files=@${f};type=application/pdf"); done
[ -n "${CDA_DESCONTO:-}" ] && form+=(-F "discount=${CDA_DESCONTO}")

# Same folder, same files, same parameters → same key → the API answers the analysis it already created.
key="${CDA_IDEMPOTENCY_KEY:-$({ for f in "${files[@]}"; do basename "$f"; sha256sum < "$f"; done; echo "${CDA_DESCONTO:-}"; } | sha256sum | cut -c1-64)}"

auth=(-H "Authorization: Bearer ${TOKEN}")
# --retry repeats on timeouts, 429 (respecting Retry-After) and 5xx; the key keeps a repeated upload from being charged twice.
created=$(curl -sS --fail-with-body --retry 3 "${auth[@]}" -H "Idempotency-Key: ${key}" "${form[@]}" "${API}/api/analyses")
id=$(jq -r '.id' <<<"$created")
echo "Análise ${id}: ${#files[@]} arquivo(s), $(jq -r '.tokens' <<<"$created") tokens reservados."

deadline=$(( $(date +%s) + TIMEOUT ))
while :; do
  view=$(curl -sS --fail-with-body --retry 3 "${auth[@]}" "${API}/api/analyses/${id}")
  status=$(jq -r '.status' <<<"$view")
  [ "$status" != "processing" ] && break
  [ "$(date +%s)" -lt "$deadline" ] || { echo "A análise ainda está em processamento após ${TIMEOUT}s." >&2; exit 3; }
  echo "  $(jq -r '"\(.processedFiles)/\(.fileCount) arquivo(s) processado(s)"' <<<"$view")"
  sleep "$POLL"
done

# Per-file outcome: name, status, certificates, or why it could not be read.
jq -r '.files[] | "  \(.name): \(if .status == "done" then "\(.certificateCount) certidão(ões)" else "erro – \(.error)" end)"' <<<"$view"
if [ "$status" != "done" ]; then
  echo "A análise terminou com erro: $(jq -r '.error // "sem detalhes"' <<<"$view")" >&2
  exit 2
fi

jq -r '.workbooks[]' <<<"$view" | while IFS= read -r workbook; do
  curl -sS --fail --retry 3 "${auth[@]}" -o "${OUT}/${workbook}" "${API}/api/analyses/${id}/files/${workbook}"
  echo "Baixado: ${OUT}/${workbook}"
done
