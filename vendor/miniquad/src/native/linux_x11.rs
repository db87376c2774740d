// Spiritual successor of an X11 part of https://github.com/floooh/sokol/blob/master/sokol_app.h

mod clipboard;
mod drag_n_drop;
mod glx;
mod keycodes;
pub mod libx11;
mod libx11_ex;
mod x_cursor;
mod xi_input;

use crate::{
    event::EventHandler,
    native::{egl, gl, module, NativeDisplayData, Request},
    CursorIcon, MouseButton,
};

use libx11::*;

use std::collections::HashMap;

#[derive(Debug, PartialEq, Eq, Clone)]
pub enum X11Error {
    LibraryNotFound(module::Error),
    GLXError(String),
}
impl std::fmt::Display for X11Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::LibraryNotFound(e) => write!(f, "Library not found error: {e}"),
            Self::GLXError(msg) => write!(f, "GLX error:\n{msg}"),
        }
    }
}
impl From<module::Error> for X11Error {
    fn from(error: module::Error) -> X11Error {
        X11Error::LibraryNotFound(error)
    }
}
impl std::error::Error for X11Error {}

pub struct X11Display {
    libx11: LibX11,
    libxkbcommon: LibXkbCommon,
    libxi: xi_input::LibXi,
    display: *mut Display,
    root: Window,
    window: Window,
    repeated_keycodes: [bool; 256],
    empty_cursor: libx11::Cursor,
    cursor_cache: HashMap<CursorIcon, libx11::Cursor>,
    cursor_icon: CursorIcon,
    cursor_visible: bool,
    update_requested: bool,
    drag_n_drop: drag_n_drop::X11DnD,
    frame_log: FrameLog,
}

/// tictactoe patch: with `MINIQUAD_FRAME_LOG=path` in the environment, one line per frame shown
/// (after the buffer swap) is appended to that file: the process's CPU time so far (user + system,
/// all threads, in microseconds). The first line is the CPU time to the first drawn frame; the
/// number of lines is the number of frames drawn. Unset, it costs one environment lookup.
struct FrameLog(Option<std::fs::File>);

impl FrameLog {
    fn from_env() -> FrameLog {
        FrameLog(std::env::var_os("MINIQUAD_FRAME_LOG").and_then(|path| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .ok()
        }))
    }

    fn frame_shown(&mut self) {
        if let Some(file) = &mut self.0 {
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
            let micros = |t: libc::timeval| t.tv_sec as i64 * 1_000_000 + t.tv_usec as i64;
            use std::io::Write;
            let _ = writeln!(file, "{}", micros(usage.ru_utime) + micros(usage.ru_stime));
        }
    }
}

/// tictactoe patch: a pipe the blocking loop waits on besides the X connection, so that another
/// thread can ask for a frame ([`wake_up`]): its read and write ends, non-blocking.
static WAKE_PIPE: std::sync::OnceLock<[libc::c_int; 2]> = std::sync::OnceLock::new();

/// tictactoe patch: asks the blocking loop for a frame, from any thread (a byte into the wake-up
/// pipe). Does nothing before the X11 loop has started.
pub fn wake_up() {
    if let Some(&[_, write_end]) = WAKE_PIPE.get() {
        unsafe { libc::write(write_end, [1u8].as_ptr() as *const libc::c_void, 1) };
    }
}

/// tictactoe patch: the text of an X error, for a one-line report.
static X_GET_ERROR_TEXT: std::sync::OnceLock<
    unsafe extern "C" fn(*mut Display, libc::c_int, *mut libc::c_char, libc::c_int) -> libc::c_int,
> = std::sync::OnceLock::new();

/// tictactoe patch: Xlib's default error handler prints a many-line dump and exits; this one
/// panics with one line instead, so that the program's panic hook reports it. (A panic cannot
/// unwind out of this callback: after the hook has run, the process aborts, unless the hook ends
/// it first.)
pub(crate) unsafe extern "C" fn x_error_handler(
    display: *mut Display,
    event: *mut XErrorEvent,
) -> libc::c_int {
    let event = &*event;
    let mut text = [0 as libc::c_char; 256];
    if let Some(get_text) = X_GET_ERROR_TEXT.get() {
        get_text(
            display,
            event.error_code as _,
            text.as_mut_ptr(),
            text.len() as _,
        );
    }
    let text = std::ffi::CStr::from_ptr(text.as_ptr()).to_string_lossy();
    // Requests 128 and up belong to extensions, as GLX: the OpenGL driver failed.
    let hint = if event.request_code >= 128 {
        "; the OpenGL driver failed: check the graphics driver, or try LIBGL_ALWAYS_SOFTWARE=1"
    } else {
        ""
    };
    panic!(
        "X error {} (request {}.{}){hint}",
        if text.is_empty() { "unknown" } else { &text },
        event.request_code,
        event.minor_code,
    );
}

/// tictactoe patch: the connection to the X server is lost (the server ended): one line instead
/// of Xlib's message and exit.
unsafe extern "C" fn x_io_error_handler(_display: *mut Display) -> libc::c_int {
    panic!("the connection to the X server was lost");
}

impl X11Display {
    unsafe fn process_event(&mut self, event: &mut XEvent, event_handler: &mut dyn EventHandler) {
        match event.type_0 {
            2 => {
                let keycode = event.xkey.keycode as libc::c_int;
                let key = keycodes::translate_key(&mut self.libx11, self.display, keycode);
                let repeat = self.repeated_keycodes[(keycode & 0xff) as usize];
                self.repeated_keycodes[(keycode & 0xff) as usize] = true;
                let mods = keycodes::translate_mod(event.xkey.state as libc::c_int);
                let mut keysym: KeySym = 0;
                (self.libx11.XLookupString)(
                    &mut event.xkey,
                    std::ptr::null_mut(),
                    0 as libc::c_int,
                    &mut keysym,
                    std::ptr::null_mut(),
                );
                let chr = keycodes::keysym_to_unicode(&mut self.libxkbcommon, keysym);
                if chr > 0 {
                    if let Some(chr) = char::from_u32(chr as u32) {
                        event_handler.char_event(chr, mods, repeat);
                    }
                }
                event_handler.key_down_event(key, mods, repeat);
            }
            3 => {
                let keycode = event.xkey.keycode;
                let key = keycodes::translate_key(&mut self.libx11, self.display, keycode as _);
                self.repeated_keycodes[(keycode & 0xff) as usize] = false;
                let mods = keycodes::translate_mod(event.xkey.state as libc::c_int);
                event_handler.key_up_event(key, mods);
            }
            4 => {
                let btn = keycodes::translate_mouse_button(event.xbutton.button as _);
                let x = event.xmotion.x as libc::c_float;
                let y = event.xmotion.y as libc::c_float;

                if btn != crate::event::MouseButton::Unknown {
                    event_handler.mouse_button_down_event(btn, x, y);
                } else {
                    match event.xbutton.button {
                        4 => {
                            event_handler.mouse_wheel_event(0.0, 1.0);
                        }
                        5 => {
                            event_handler.mouse_wheel_event(0.0, -1.0);
                        }
                        6 => {
                            event_handler.mouse_wheel_event(1.0, 0.0);
                        }
                        7 => {
                            event_handler.mouse_wheel_event(-1.0, 0.0);
                        }
                        _ => {}
                    }
                }
            }
            5 => {
                let btn = keycodes::translate_mouse_button(event.xbutton.button as _);
                let x = event.xmotion.x as libc::c_float;
                let y = event.xmotion.y as libc::c_float;

                if btn != crate::event::MouseButton::Unknown {
                    event_handler.mouse_button_up_event(btn, x, y);
                }
            }
            6 => {
                let x = event.xmotion.x as libc::c_float;
                let y = event.xmotion.y as libc::c_float;
                event_handler.mouse_motion_event(x, y);
            }
            7 => {
                let x = event.xcrossing.x as libc::c_float;
                let y = event.xcrossing.y as libc::c_float;
                let state = event.xcrossing.state as libc::c_long;

                let btn = match () {
                    _ if (state & Button1MotionMask) != 0 => MouseButton::Left,
                    _ if (state & Button2MotionMask) != 0 => MouseButton::Middle,
                    _ if (state & Button3MotionMask) != 0 => MouseButton::Right,
                    _ => MouseButton::Unknown,
                };
                event_handler.mouse_enter_event( btn , x, y);

            }
            8 => {
                event_handler.mouse_leave_event();
            }
            9 => {
                event_handler.window_restored_event();
            }
            10 => {
                event_handler.window_minimized_event();
            }
            // Expose: part of the window must be drawn again (tictactoe patch: with the blocking
            // event loop nothing else asks for a frame, and a window uncovered on a desktop
            // without a compositor kept the other window's pixels until the next input).
            12 => {
                self.update_requested = true;
            }
            22 => {
                let mut d = crate::native_display().try_lock().unwrap();
                let left = event.xconfigure.x;
                let top = event.xconfigure.y;
                d.screen_position = (left as _, top as _);
                if event.xconfigure.width != d.screen_width
                    || event.xconfigure.height != d.screen_height
                {
                    let width = event.xconfigure.width;
                    let height = event.xconfigure.height;
                    d.screen_width = width;
                    d.screen_height = height;
                    drop(d);
                    event_handler.resize_event(width as _, height as _);
                }
            }
            // ClientMessage
            33 => match event.xclient.message_type {
                t if t == self.libx11.extensions.wm_protocols => {
                    let mut d = crate::native_display().try_lock().unwrap();
                    let protocol = event.xclient.data.l[0 as libc::c_int as usize] as Atom;
                    if protocol == self.libx11.extensions.wm_delete_window {
                        d.quit_requested = true;
                    }
                }
                t if t == self.libx11.extensions.xdnd_enter => {
                    self.drag_n_drop.on_enter(
                        &mut self.libx11,
                        self.display,
                        self.window,
                        event.xclient.data,
                    );
                }
                t if t == self.libx11.extensions.xdnd_position => {
                    self.drag_n_drop.on_position(
                        &mut self.libx11,
                        self.display,
                        self.window,
                        event.xclient.data,
                    );
                }
                t if t == self.libx11.extensions.xdnd_drop => {
                    self.drag_n_drop.on_drop(
                        &mut self.libx11,
                        self.display,
                        self.window,
                        event.xclient.data,
                    );
                }

                _ => (),
            },
            // SelectionNotify
            31 => match event.xselection.property {
                p if p == self.libx11.extensions.xdnd_selection => {
                    let bytes = clipboard::get_property_bytes(
                        &mut self.libx11,
                        self.display,
                        self.window,
                        p,
                    );
                    // tictactoe patch: URIs (text/uri-list) as well as paths, files read only up
                    // to 16 MiB (a larger one is passed by its path alone), the source told the
                    // drop is over, and no panic when the display is busy.
                    let paths = std::str::from_utf8(&bytes)
                        .map(drag_n_drop::dropped_paths)
                        .unwrap_or_default();
                    let accepted = !paths.is_empty();
                    self.drag_n_drop.finish(
                        &mut self.libx11,
                        self.display,
                        self.window,
                        accepted,
                    );
                    if accepted {
                        if let Ok(mut d) = crate::native_display().try_lock() {
                            d.dropped_files = Default::default();
                            for path in paths {
                                let small = std::fs::metadata(&path)
                                    .is_ok_and(|m| m.is_file() && m.len() <= 16 << 20);
                                let bytes = if small {
                                    std::fs::read(&path).unwrap_or_default()
                                } else {
                                    Vec::new()
                                };
                                d.dropped_files.paths.push(path);
                                d.dropped_files.bytes.push(bytes);
                            }
                            // drop d since files_dropped_event is likely to need access to it
                            drop(d);
                            event_handler.files_dropped_event();
                            // The blocking loop draws a frame for the drop.
                            self.update_requested = true;
                        }
                    }
                }
                _ => (),
            },
            // SelectionRequest
            30 => {
                // // some other app is waiting for clibpoard content
                // // need to make appropriate XSelectionEvent - response for this request
                // // only UTF8_STRING request is actually supported
                clipboard::respond_to_clipboard_request(&mut self.libx11, self.display, event);
            }
            // SelectionClear
            29 => {}
            // DestroyNotify: tictactoe patch. The window was destroyed from outside (e.g.
            // `xdotool windowclose`); with the blocking event loop nothing else would ever come,
            // and the process waited forever.
            17 => {
                if event.xdestroywindow.window == self.window {
                    panic!("the window was destroyed from outside the program");
                }
            }

            // GenericEvent
            35 if Some(event.xcookie.extension) == self.libxi.xi_extension_opcode => {
                if event.xcookie.evtype == xi_input::XI_RawMotion {
                    let (dx, dy) = self.libxi.read_cookie(&mut event.xcookie, self.display);
                    event_handler.raw_mouse_motion(dx as f32, dy as f32);
                }
            }
            _ => {}
        };

        let d = crate::native_display().try_lock().unwrap();
        if d.quit_requested && !d.quit_ordered {
            drop(d);
            event_handler.quit_requested_event();
            let mut d = crate::native_display().try_lock().unwrap();
            if d.quit_requested {
                d.quit_ordered = true
            }
        }
    }

    // TODO: right now it just exits early if fullscreen is false.
    // should be able to able to go back from fullscreen to windowed instead
    unsafe fn set_fullscreen(&mut self, window: Window, fullscreen: bool) {
        let wm_state = (self.libx11.XInternAtom)(
            self.display,
            b"_NET_WM_STATE\x00" as *const u8 as *const _,
            false as _,
        );
        let wm_fullscreen = (self.libx11.XInternAtom)(
            self.display,
            if fullscreen {
                b"_NET_WM_STATE_FULLSCREEN\x00" as *const u8 as *const _
            } else {
                b"\x00" as *const u8 as *const _
            },
            false as _,
        );

        // this is the first method to make window fullscreen
        // hide it, change _NET_WM_STATE_FULLSCREEN property and than show it back
        // someone on stackoverflow mentioned that this is not working on ubuntu/unity though
        {
            (self.libx11.XLowerWindow)(self.display, window);
            (self.libx11.XUnmapWindow)(self.display, window);
            (self.libx11.XSync)(self.display, false as _);

            let mut atoms: [Atom; 2] = [wm_fullscreen, 0 as _];
            (self.libx11.XChangeProperty)(
                self.display,
                window,
                wm_state,
                4 as _,
                32,
                PropModeReplace,
                atoms.as_mut_ptr() as *mut _ as *mut _,
                1,
            );
            (self.libx11.XMapWindow)(self.display, window);
            (self.libx11.XRaiseWindow)(self.display, window);
            (self.libx11.XFlush)(self.display);
        }

        // however, this is X, so just in case - the second method
        // send ClientMessage to the window with request to change property to fullscreen
        {
            let mut data = [0isize; 5];

            data[0] = 1;
            data[1] = wm_fullscreen as isize;
            data[2] = 0;

            let mut ev = XClientMessageEvent {
                type_0: 33,
                serial: 0,
                send_event: true as _,
                message_type: wm_state,
                window,
                display: self.display,
                format: 32,
                data: ClientMessageData {
                    l: std::mem::transmute(data),
                },
            };
            (self.libx11.XSendEvent)(
                self.display as _,
                self.root,
                false as _,
                (1048576 | 131072) as _,
                &mut ev as *mut XClientMessageEvent as *mut _,
            );
        }
    }

    unsafe fn set_window_size(&mut self, window: Window, new_width: i32, new_height: i32) {
        (self.libx11.XResizeWindow)(self.display, window, new_width, new_height);
        (self.libx11.XFlush)(self.display);
    }

    /// Set the window position in screen coordinates.
    unsafe fn set_window_position(&mut self, window: Window, new_x: i32, new_y: i32) {
        (self.libx11.XMoveWindow)(self.display, window, new_x, new_y);
    }

    pub unsafe fn set_cursor_grab(&mut self, window: Window, grab: bool) {
        (self.libx11.XUngrabPointer)(self.display, 0);

        if grab {
            (self.libx11.XGrabPointer)(
                self.display,
                window,
                true as _,
                (ButtonPressMask
                    | ButtonReleaseMask
                    | EnterWindowMask
                    | LeaveWindowMask
                    | PointerMotionMask
                    | PointerMotionHintMask
                    | Button1MotionMask
                    | Button2MotionMask
                    | Button3MotionMask
                    | Button4MotionMask
                    | Button5MotionMask
                    | ButtonMotionMask
                    | KeymapStateMask) as libc::c_uint,
                GrabModeAsync,
                GrabModeAsync,
                window,
                0,
                0, // CurrentTime
            );
        }

        (self.libx11.XFlush)(self.display);
    }
    pub unsafe fn set_cursor(&mut self, window: Window, cursor: Option<CursorIcon>) {
        let libx11 = &mut self.libx11;
        let display = self.display;

        let cursor = match cursor {
            None => self.empty_cursor,
            Some(cursor_icon) => *self.cursor_cache.entry(cursor_icon).or_insert_with(|| {
                (libx11.XCreateFontCursor)(
                    display,
                    match cursor_icon {
                        CursorIcon::Default => libx11::XC_left_ptr,
                        CursorIcon::Help => libx11::XC_question_arrow,
                        CursorIcon::Pointer => libx11::XC_hand2,
                        CursorIcon::Wait => libx11::XC_watch,
                        CursorIcon::Crosshair => libx11::XC_crosshair,
                        CursorIcon::Text => libx11::XC_xterm,
                        CursorIcon::Move => libx11::XC_fleur,
                        CursorIcon::NotAllowed => libx11::XC_pirate,
                        CursorIcon::EWResize => libx11::XC_sb_h_double_arrow,
                        CursorIcon::NSResize => libx11::XC_sb_v_double_arrow,
                        CursorIcon::NESWResize => libx11::XC_top_right_corner,
                        CursorIcon::NWSEResize => libx11::XC_top_left_corner,
                    },
                )
            }),
        };
        (libx11.XDefineCursor)(display, window, cursor);
    }

    /// How many X events to read before the next frame (tictactoe patch). With the blocking event
    /// loop and no frame requested, blocks until an event comes, another thread asks for a frame
    /// (`window::wake_up`), or a frame is due at a deadline (`window::schedule_update_after`). Only when no
    /// event is pending: an update requested by pending events (a click whose press and release
    /// arrive together) must not wait for the next, unrelated event (miniquad PR #458).
    unsafe fn events_to_read(&mut self, blocking: bool) -> libc::c_int {
        let count = (self.libx11.XPending)(self.display);
        let deadline = {
            let mut d = crate::native_display().try_lock().unwrap();
            if d.update_deadline.is_some_and(|t| t <= std::time::Instant::now()) {
                d.update_deadline = None;
                self.update_requested = true;
            }
            d.update_deadline
        };
        if !blocking || self.update_requested || count > 0 {
            return count;
        }
        // Nothing pending: wait, releasing the CPU, for an X event, a wake-up from another thread,
        // or the deadline.
        let millis = match deadline {
            None => -1,
            Some(deadline) => {
                let wait = deadline.saturating_duration_since(std::time::Instant::now());
                (wait.as_micros() as u64).div_ceil(1000).min(i32::MAX as u64) as libc::c_int
            }
        };
        let wake = WAKE_PIPE.get().map_or(-1, |&[read_end, _]| read_end);
        let mut fds = [
            libc::pollfd {
                fd: (self.libx11.XConnectionNumber)(self.display),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: wake,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        libc::poll(fds.as_mut_ptr(), 2, millis);
        if fds[1].revents & libc::POLLIN != 0 {
            let mut bytes = [0u8; 64];
            while libc::read(wake, bytes.as_mut_ptr() as *mut libc::c_void, bytes.len()) > 0 {}
            self.update_requested = true;
        }
        // The events that came meanwhile, if any; the deadline is checked on the next call.
        (self.libx11.XPending)(self.display)
    }

    fn process_request(&mut self, request: Request) {
        use Request::*;
        unsafe {
            match request {
                ScheduleUpdate => {
                    self.update_requested = true;
                }
                SetCursorGrab(grab) => self.set_cursor_grab(self.window, grab),
                ShowMouse(show) => {
                    self.cursor_visible = show;
                    self.set_cursor(self.window, self.cursor_visible.then_some(self.cursor_icon));
                }
                SetMouseCursor(icon) => {
                    self.cursor_icon = icon;
                    self.set_cursor(self.window, self.cursor_visible.then_some(self.cursor_icon));
                }
                SetWindowSize {
                    new_width,
                    new_height,
                } => self.set_window_size(self.window, new_width as _, new_height as _),
                SetWindowPosition { new_x, new_y } => {
                    self.set_window_position(self.window, new_x as _, new_y as _)
                }
                SetFullscreen(fullscreen) => self.set_fullscreen(self.window, fullscreen),
                ShowKeyboard(..) => {
                    eprintln!("Not implemented for X11")
                }
                SetImePosition { .. } => {
                    // IME position control not implemented for X11 yet
                }
                SetImeEnabled(..) => {
                    // IME enable/disable not implemented for X11 yet
                }
            }
        }
    }
}

unsafe fn glx_main_loop<F>(
    mut display: X11Display,
    conf: &crate::conf::Conf,
    f: &mut Option<F>,
    screen: i32,
) -> Result<(), (X11Display, String)>
where
    F: 'static + FnOnce() -> Box<dyn EventHandler>,
{
    // tictactoe patch: a failure says why, for the one-line report of `no_gl`.
    let mut glx = match glx::Glx::init(&mut display.libx11, display.display, screen, conf) {
        Ok(glx) => glx,
        Err(X11Error::LibraryNotFound(_)) => return Err((display, "no libGL".into())),
        Err(X11Error::GLXError(e)) => return Err((display, e)),
    };
    let visual = glx.visual;
    let depth = glx.depth;
    display.window =
        display
            .libx11
            .create_window(display.root, display.display, visual, depth, conf);

    let (glx_context, glx_window) = glx.create_context(display.display, display.window);
    glx.swap_interval(
        display.display,
        glx_window,
        glx_context,
        conf.platform.swap_interval.unwrap_or(1),
    );
    gl::load_gl_funcs(|proc| glx.libgl.get_procaddr(proc));

    display.init_drag_n_drop();
    display.libx11.show_window(display.display, display.window);

    (display.libx11.XFlush)(display.display);

    let (w, h) = display
        .libx11
        .query_window_size(display.display, display.window);

    let (tx, rx) = std::sync::mpsc::channel();
    let clipboard = Box::new(clipboard::X11Clipboard::new(
        display.libx11.clone(),
        display.display,
        display.window,
    ));
    crate::set_display(NativeDisplayData {
        high_dpi: conf.high_dpi,
        dpi_scale: display.libx11.update_system_dpi(display.display),
        blocking_event_loop: conf.platform.blocking_event_loop,
        ..NativeDisplayData::new(w, h, tx, clipboard)
    });
    if conf.fullscreen {
        display.set_fullscreen(display.window, true);
    }

    let mut event_handler = (f.take().unwrap())();

    while !crate::native_display().try_lock().unwrap().quit_ordered {
        while let Ok(request) = rx.try_recv() {
            display.process_request(request);
        }
        glx.make_current(display.display, glx_window, glx_context);

        let count = display.events_to_read(conf.platform.blocking_event_loop);

        for _ in 0..count {
            let mut xevent = _XEvent { type_0: 0 };
            (display.libx11.XNextEvent)(display.display, &mut xevent);
            display.process_event(&mut xevent, &mut *event_handler);
        }

        if !conf.platform.blocking_event_loop || display.update_requested {
            display.update_requested = false;
            event_handler.update();
            event_handler.draw();

            glx.swap_buffers(display.display, glx_window);
            (display.libx11.XFlush)(display.display);
            display.frame_log.frame_shown();
        }
    }

    glx.destroy_context(display.display, glx_window, glx_context);
    (display.libx11.XUnmapWindow)(display.display, display.window);
    (display.libx11.XDestroyWindow)(display.display, display.window);
    (display.libx11.XCloseDisplay)(display.display);

    Ok(())
}

unsafe fn egl_main_loop<F>(
    mut display: X11Display,
    conf: &crate::conf::Conf,
    f: &mut Option<F>,
) -> Result<(), (X11Display, String)>
where
    F: 'static + FnOnce() -> Box<dyn EventHandler>,
{
    let mut egl_lib = match egl::LibEgl::try_load().ok() {
        Some(glx) => glx,
        _ => return Err((display, "no libEGL".into())),
    };

    display.window =
        display
            .libx11
            .create_window(display.root, display.display, std::ptr::null_mut(), 0, conf);

    let (context, config, egl_display) = match egl::create_egl_context(
        &mut egl_lib,
        display.display as *mut _,
        conf.platform.framebuffer_alpha,
        conf.sample_count,
    ) {
        Ok(created) => created,
        Err(e) => return Err((display, format!("EGL: {e:?}"))),
    };

    let egl_surface =
        (egl_lib.eglCreateWindowSurface)(egl_display, config, display.window, std::ptr::null_mut());

    if egl_surface.is_null() {
        // == EGL_NO_SURFACE
        return Err((display, "EGL: surface creation failed".into()));
    }
    if (egl_lib.eglMakeCurrent)(egl_display, egl_surface, egl_surface, context) == 0 {
        return Err((display, "EGL: eglMakeCurrent failed".into()));
    }

    if (egl_lib.eglSwapInterval)(egl_display, conf.platform.swap_interval.unwrap_or(1)) == 0 {
        eprintln!("eglSwapInterval failed");
    }

    crate::native::gl::load_gl_funcs(|proc| {
        let name = std::ffi::CString::new(proc).unwrap();
        (egl_lib.eglGetProcAddress)(name.as_ptr() as _)
    });

    display.init_drag_n_drop();
    display.libx11.show_window(display.display, display.window);
    let (w, h) = display
        .libx11
        .query_window_size(display.display, display.window);

    let (tx, rx) = std::sync::mpsc::channel();
    let clipboard = Box::new(clipboard::X11Clipboard::new(
        display.libx11.clone(),
        display.display,
        display.window,
    ));
    crate::set_display(NativeDisplayData {
        high_dpi: conf.high_dpi,
        dpi_scale: display.libx11.update_system_dpi(display.display),
        blocking_event_loop: conf.platform.blocking_event_loop,
        ..NativeDisplayData::new(w, h, tx, clipboard)
    });
    if conf.fullscreen {
        display.set_fullscreen(display.window, true)
    }

    (display.libx11.XFlush)(display.display);

    let mut event_handler = (f.take().unwrap())();

    while !crate::native_display().try_lock().unwrap().quit_ordered {
        while let Ok(request) = rx.try_recv() {
            display.process_request(request);
        }

        let count = display.events_to_read(conf.platform.blocking_event_loop);
        for _ in 0..count {
            let mut xevent = _XEvent { type_0: 0 };
            (display.libx11.XNextEvent)(display.display, &mut xevent);
            display.process_event(&mut xevent, &mut *event_handler);
        }

        if !conf.platform.blocking_event_loop || display.update_requested {
            display.update_requested = false;
            event_handler.update();
            event_handler.draw();

            (egl_lib.eglSwapBuffers)(egl_display, egl_surface);
            (display.libx11.XFlush)(display.display);
            display.frame_log.frame_shown();
        }
    }

    (display.libx11.XUnmapWindow)(display.display, display.window);
    (display.libx11.XDestroyWindow)(display.display, display.window);
    (display.libx11.XCloseDisplay)(display.display);

    Ok(())
}

pub fn run<F>(conf: &crate::conf::Conf, f: &mut Option<F>) -> Result<(), X11Error>
where
    F: 'static + FnOnce() -> Box<dyn EventHandler>,
{
    unsafe {
        let mut libx11 = LibX11::try_load()?;
        let libxkbcommon = LibXkbCommon::try_load()?;
        let libxi = xi_input::LibXi::try_load()?;

        (libx11.XInitThreads)();
        (libx11.XrmInitialize)();

        let x11_display = (libx11.XOpenDisplay)(std::ptr::null());
        if x11_display.is_null() {
            // tictactoe patch: say which display.
            panic!(
                "cannot connect to the X display {:?} (XOpenDisplay failed)",
                std::env::var("DISPLAY").unwrap_or_default()
            );
        }
        // tictactoe patch: X errors and a lost connection are reported in one line (a panic)
        // instead of Xlib's many-line dump.
        let _ = X_GET_ERROR_TEXT.set(libx11.XGetErrorText);
        let mut pipe = [-1; 2];
        if libc::pipe2(pipe.as_mut_ptr(), libc::O_NONBLOCK | libc::O_CLOEXEC) == 0 {
            let _ = WAKE_PIPE.set(pipe);
        }
        (libx11.XSetErrorHandler)(Some(x_error_handler));
        (libx11.XSetIOErrorHandler)(Some(x_io_error_handler));

        // screen selection process. The place to do something about
        // proper multi-monitor support
        let x11_screen = (*(x11_display as _XPrivDisplay)).default_screen;
        let x11_root = (*(*(x11_display as _XPrivDisplay))
            .screens
            .offset(x11_screen as isize))
        .root;

        // https://linux.die.net/man/3/xkbsetdetectableautorepeat
        // TLDR: Xkb allows clients to request detectable auto-repeat.
        // If a client requests and the server supports DetectableAutoRepeat,
        // Xkb generates KeyRelease events only when the key is physically
        // released. If DetectableAutoRepeat is not supported or has not been
        // requested, the server synthesizes a KeyRelease event for each
        // repeating KeyPress event it generates.
        (libx11.XkbSetDetectableAutoRepeat)(x11_display, true as _, std::ptr::null_mut());

        libx11.load_extensions(x11_display);
        let mut display = X11Display {
            empty_cursor: x_cursor::create_empty_cursor(x11_display, x11_root, &mut libx11),
            display: x11_display,
            root: x11_root,
            window: 0,
            libx11,
            libxkbcommon,
            libxi,
            repeated_keycodes: [false; 256],
            cursor_cache: HashMap::new(),
            update_requested: true,
            drag_n_drop: Default::default(),
            frame_log: FrameLog::from_env(),
            cursor_icon: CursorIcon::Default,
            cursor_visible: true,
        };

        display
            .libxi
            .query_xi_extension(&mut display.libx11, display.display);

        // tictactoe patch: when neither GL interface works, one line that says so (it was an
        // `unwrap` on `None`).
        let no_gl = |reasons: &[String]| -> ! {
            panic!(
                "no usable OpenGL ({}); install the OpenGL drivers (Mesa: libgl1-mesa-dri, libegl-mesa0) or fix the graphics driver",
                reasons.join("; ")
            )
        };
        match conf.platform.linux_x11_gl {
            crate::conf::LinuxX11Gl::GLXOnly => {
                if let Err((_, glx)) = glx_main_loop(display, conf, f, x11_screen) {
                    no_gl(&[format!("GLX: {glx}")]);
                }
            }
            crate::conf::LinuxX11Gl::EGLOnly => {
                if let Err((_, egl)) = egl_main_loop(display, conf, f) {
                    no_gl(&[egl]);
                }
            }
            crate::conf::LinuxX11Gl::GLXWithEGLFallback => {
                if let Err((display, glx)) = glx_main_loop(display, conf, f, x11_screen) {
                    if let Err((_, egl)) = egl_main_loop(display, conf, f) {
                        no_gl(&[format!("GLX: {glx}"), egl]);
                    }
                }
            }
            crate::conf::LinuxX11Gl::EGLWithGLXFallback => {
                if let Err((display, egl)) = egl_main_loop(display, conf, f) {
                    if let Err((_, glx)) = glx_main_loop(display, conf, f, x11_screen) {
                        no_gl(&[egl, format!("GLX: {glx}")]);
                    }
                }
            }
        }
    }
    Ok(())
}
