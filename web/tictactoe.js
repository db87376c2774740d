// The page's side of the game: a plugin of macroquad's JS loader (mq_js_bundle.js, which must be
// loaded first), through its own mechanism, miniquad_add_plugin. It gives the program
// (src/platform.rs) the page's query string, whose parameters are the window's command-line
// options; shows a text in place of the game: a one-line error for bad parameters, or the
// help that ?help asks for; downloads a saved game (Ctrl+S, as on the desktop), a file the
// program has written; and keeps the window's settings (the desktop's settings.toml) in the
// browser's local storage, under the key "tictactoe.settings".
"use strict";
(function () {
    var query = null;
    var SETTINGS = "tictactoe.settings";
    var settings = null;

    // The kept settings (TOML) as UTF-8 bytes; none where the page may not use local storage.
    function settingsBytes() {
        if (settings === null) {
            var kept = null;
            try {
                kept = window.localStorage.getItem(SETTINGS);
            } catch (e) {
                kept = null;
            }
            settings = new TextEncoder().encode(kept || "");
        }
        return settings;
    }

    // The query string (?o=search&width=15…) as UTF-8 bytes.
    function queryBytes() {
        if (query === null) {
            query = new TextEncoder().encode(window.location.search);
        }
        return query;
    }

    // `length` bytes of UTF-8 in the program's memory at `at`.
    function text(at, length) {
        return new TextDecoder().decode(new Uint8Array(wasm_memory.buffer, at, length));
    }

    // Ctrl+S saves the game (the program sees the key), not the page.
    window.addEventListener(
        "keydown",
        function (event) {
            if ((event.ctrlKey || event.metaKey) && event.code === "KeyS") {
                event.preventDefault();
            }
        },
        true
    );

    miniquad_add_plugin({
        name: "tictactoe",
        version: 1,
        register_plugin: function (importObject) {
            importObject.env.tictactoe_query_length = function () {
                return queryBytes().length;
            };
            importObject.env.tictactoe_query_copy = function (to, length) {
                new Uint8Array(wasm_memory.buffer, to, length).set(queryBytes().subarray(0, length));
            };
            importObject.env.tictactoe_settings_length = function () {
                return settingsBytes().length;
            };
            importObject.env.tictactoe_settings_copy = function (to, length) {
                new Uint8Array(wasm_memory.buffer, to, length).set(settingsBytes().subarray(0, length));
            };
            importObject.env.tictactoe_settings_save = function (at, length) {
                try {
                    window.localStorage.setItem(SETTINGS, text(at, length));
                    return true;
                } catch (e) {
                    return false;
                }
            };
            importObject.env.tictactoe_download = function (name, nameLength, at, length) {
                var bytes = new Uint8Array(wasm_memory.buffer, at, length).slice();
                var url = URL.createObjectURL(new Blob([bytes], { type: "text/plain" }));
                var link = document.createElement("a");
                link.href = url;
                link.download = text(name, nameLength);
                document.body.appendChild(link);
                link.click();
                link.remove();
                setTimeout(function () {
                    URL.revokeObjectURL(url);
                }, 1000);
            };
            importObject.env.tictactoe_show_text = function (at, length, error) {
                var message = document.getElementById("message");
                message.textContent = text(at, length);
                message.className = error ? "error" : "";
                message.hidden = false;
                document.getElementById("glcanvas").hidden = true;
                document.getElementById("keys").hidden = true;
            };
        },
    });
})();
