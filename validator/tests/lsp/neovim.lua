-- Neovim's own LSP client against `deckplan lsp`, headless: open a page
-- with a misspelt key, wait for its diagnostic, apply the server's code
-- action, write the file and wait for the diagnostics to clear.
--
-- Run by validator/tests/neovim.rs as
--   DECKPLAN=… PAGE=… nvim --headless --clean -i NONE -c 'luafile neovim.lua'
-- Uses only what Neovim 0.7 has (start_client, buf_attach_client), so the
-- same script runs with every Neovim from Debian 12 on.

local deckplan = os.getenv("DECKPLAN")
local page = os.getenv("PAGE")

local function fail(message)
  io.stdout:write("FAIL: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function step(message)
  io.stdout:write(message .. "\n")
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(page))
  local buffer = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "deckplan",
    cmd = { deckplan, "lsp" },
    root_dir = vim.fn.fnamemodify(page, ":h"),
  })
  if not client_id then
    return fail("the client did not start")
  end
  vim.lsp.buf_attach_client(buffer, client_id)

  local got = vim.wait(60000, function()
    return #vim.diagnostic.get(buffer) > 0
  end, 50)
  if not got then
    return fail("no diagnostics arrived")
  end
  local diagnostic = vim.diagnostic.get(buffer)[1]
  step(string.format("diagnostic %d:%d %s", diagnostic.lnum + 1, diagnostic.col + 1, diagnostic.message))
  if not diagnostic.message:find("unknown key `titel`", 1, true) then
    return fail("unexpected diagnostic: " .. diagnostic.message)
  end

  local client = vim.lsp.get_client_by_id(client_id)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buffer) },
    range = {
      start = { line = diagnostic.lnum, character = diagnostic.col },
      ["end"] = { line = diagnostic.end_lnum, character = diagnostic.end_col },
    },
    context = { diagnostics = {} },
  }
  local answer = client.request_sync("textDocument/codeAction", params, 30000, buffer)
  if not answer or answer.err or not answer.result then
    return fail("no code actions: " .. vim.inspect(answer))
  end
  local chosen
  for _, action in ipairs(answer.result) do
    step("action: " .. action.title)
    if action.title == "Replace titel with title" then
      chosen = action
    end
  end
  if not chosen then
    return fail("the did-you-mean action was not offered")
  end
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  vim.cmd("write")

  local cleared = vim.wait(60000, function()
    return #vim.diagnostic.get(buffer) == 0
  end, 50)
  if not cleared then
    return fail("the diagnostics did not clear: " .. vim.inspect(vim.diagnostic.get(buffer)))
  end
  step("\nline 5: " .. vim.api.nvim_buf_get_lines(buffer, 4, 5, false)[1])
  vim.lsp.stop_client(client_id)
  step("done")
end)

if not ok then
  fail(tostring(err))
end
vim.cmd("qall!")
