-- Which files hold secrets: .env files, private keys and key stores.
local M = {}

M.patterns = {
  "^%.env$", "^%.env%..+$",        -- .env, .env.local (but not env.example.txt)
  "%.pem$", "%.key$", "%.p12$",
  "^id_rsa", "^id_ed25519",
}

---@param abs_path string
---@return boolean
function M.is_secret(abs_path)
  local name = abs_path:match("([^/]+)$") or abs_path
  if name == ".env.example" then return false end
  for _, pattern in ipairs(M.patterns) do
    if name:match(pattern) then return true end
  end
  return false
end

return M
